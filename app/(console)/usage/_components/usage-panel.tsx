import { type UsageStatus } from "@/lib/api/contract/client-admin";
import { DataTable } from "@/components/ui/table";
import { Badge } from "@/components/ui/badge";
import { formatCount, formatDate, formatMinor } from "@/lib/format";
import { planState, type PlanState } from "@/lib/usage/plan-state";

const STATE_BADGE: Record<
  PlanState,
  { tone: "green" | "amber" | "red" | "neutral"; text: string }
> = {
  ok: { tone: "green", text: "within quota" },
  warning: { tone: "amber", text: "90 percent reached" },
  exhausted: { tone: "red", text: "quota used up" },
  no_quota: { tone: "neutral", text: "no included quota" },
};
const BAR_FILL: Record<PlanState, string> = {
  ok: "#1d5fa8",
  warning: "#b45309",
  exhausted: "#b91c1c",
  no_quota: "#94a3b8",
};

/** A horizontal bar drawn with SVG attributes (the CSP allows no inline styles). */
function QuotaBar({ used, included, state }: { used: number; included: number; state: PlanState }) {
  const width = 240;
  const filled = included === 0 ? 0 : Math.min(width, Math.round((used / included) * width));
  return (
    <svg
      width={width}
      height="10"
      role="img"
      aria-label={included === 0 ? "No included quota" : `${used} of ${included} used`}
    >
      <rect width={width} height="10" rx="3" fill="#e2e8f0" />
      <rect width={filled} height="10" rx="3" fill={BAR_FILL[state]} />
      {included > 0 ? (
        <line
          x1={Math.round(width * 0.9)}
          x2={Math.round(width * 0.9)}
          y1="0"
          y2="10"
          stroke="#475569"
          strokeWidth="1"
        />
      ) : null}
    </svg>
  );
}

/** Usage of one Client in the current period: plans against their quantity, and every endpoint key. */
export function UsagePanel({ usage }: { usage: UsageStatus }) {
  const currency = usage.currency ?? "EUR";
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">
        Period {formatDate(usage.period.start)} to{" "}
        {formatDate(new Date(Date.parse(usage.period.end) - 1))}
        {usage.balanceMinor !== undefined ? (
          <>
            {" "}
            · credit balance <strong>{formatMinor(usage.balanceMinor, currency)}</strong>
          </>
        ) : null}
      </p>
      <section aria-labelledby="plans-usage-heading">
        <h3 id="plans-usage-heading" className="mb-2 text-sm font-semibold">
          Plans
        </h3>
        <DataTable
          caption="Plan usage against included quantities"
          columns={["Plan", "Endpoint key", "Used", "Included", "Use", "State"]}
          rows={usage.plans}
          keyOf={(p) => p.id}
          rowTestId="plan-usage-row"
          empty={
            <>
              No plan is assigned: billable calls are charged to the credit balance or covered by a
              sponsor.
            </>
          }
          cells={(p) => {
            const included = p.included_monthly_quantity;
            const state = planState(p);
            return [
              p.name ?? p.id,
              <code key="key">{p.endpoint_key}</code>,
              formatCount(p.used),
              included === 0 ? "no included quota" : formatCount(included),
              <QuotaBar key="bar" used={p.used} included={included} state={state} />,
              <Badge key="state" tone={STATE_BADGE[state].tone}>
                {STATE_BADGE[state].text}
              </Badge>,
            ];
          }}
        />
      </section>
      <section aria-labelledby="endpoint-usage-heading">
        <h3 id="endpoint-usage-heading" className="mb-2 text-sm font-semibold">
          Calls by endpoint key
        </h3>
        <DataTable
          caption="Billable calls by endpoint key and how they were settled"
          columns={[
            "Endpoint key",
            "Calls",
            "Plan",
            "Credit",
            "Bundle",
            "Sponsored",
            "Refunded",
            "Charged",
          ]}
          rows={usage.endpoints}
          keyOf={(e) => e.endpointKey}
          empty="No billable calls in this period."
          cells={(e) => [
            <code key="key">{e.endpointKey}</code>,
            formatCount(e.calls),
            e.bySource ? formatCount(e.bySource.plan) : "—",
            e.bySource ? formatCount(e.bySource.balance) : "—",
            e.bySource ? formatCount(e.bySource.bundle) : "—",
            e.bySource ? formatCount(e.bySource.sponsored) : "—",
            e.refunded !== undefined ? formatCount(e.refunded) : "—",
            e.chargedMinor !== undefined ? formatMinor(e.chargedMinor, currency) : "—",
          ]}
        />
      </section>
    </div>
  );
}
