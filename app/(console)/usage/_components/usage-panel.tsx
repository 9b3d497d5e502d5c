import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { type UsageStatus } from "@/lib/api/contract/client-admin";
import { DataTable } from "@/components/ui/table";
import { Badge } from "@/components/ui/badge";
import { planState, type PlanState } from "@/lib/usage/plan-state";
import { getFormats } from "@/lib/i18n/formats-server";

const STATE_BADGE = {
  ok: { tone: "green", text: "ok" },
  warning: { tone: "amber", text: "warning" },
  exhausted: { tone: "red", text: "exhausted" },
  no_quota: { tone: "neutral", text: "noQuota" },
} as const satisfies Record<
  PlanState,
  { tone: "green" | "amber" | "red" | "neutral"; text: string }
>;
const BAR_FILL: Record<PlanState, string> = {
  ok: "#1d5fa8",
  warning: "#b45309",
  exhausted: "#b91c1c",
  no_quota: "#94a3b8",
};

/** A horizontal bar drawn with SVG attributes (the CSP allows no inline styles). */
function QuotaBar({ used, included, state }: { used: number; included: number; state: PlanState }) {
  const t = useTranslations("usage.panel");
  const width = 240;
  const filled = included === 0 ? 0 : Math.min(width, Math.round((used / included) * width));
  return (
    <svg
      width={width}
      height="10"
      role="img"
      aria-label={included === 0 ? t("noQuotaBar") : t("usedOf", { used, included })}
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
export async function UsagePanel({ usage }: { usage: UsageStatus }) {
  const formats = await getFormats();
  const currency = usage.currency ?? "EUR";
  const t = await getTranslations("usage.panel");
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">
        {t("period", {
          start: formats.day(usage.period.start),
          end: formats.day(new Date(Date.parse(usage.period.end) - 1)),
        })}
        {usage.balanceMinor !== undefined ? (
          <>
            {" "}
            ·{" "}
            {t.rich("balance", {
              balance: formats.money(usage.balanceMinor, currency),
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </>
        ) : null}
      </p>
      <section aria-labelledby="plans-usage-heading">
        <h3 id="plans-usage-heading" className="mb-2 text-sm font-semibold">
          {t("plansHeading")}
        </h3>
        <DataTable
          caption={t("plansCaption")}
          columns={[
            t("planColumns.plan"),
            t("planColumns.endpointKey"),
            t("planColumns.used"),
            t("planColumns.included"),
            t("planColumns.use"),
            t("planColumns.state"),
          ]}
          rows={usage.plans}
          keyOf={(p) => p.id}
          rowTestId="plan-usage-row"
          empty={t("noPlan")}
          cells={(p) => {
            const included = p.included_monthly_quantity;
            const state = planState(p);
            return [
              p.name ?? p.id,
              <code key="key">{p.endpoint_key}</code>,
              formats.count(p.used),
              included === 0 ? t("noQuota") : formats.count(included),
              <QuotaBar key="bar" used={p.used} included={included} state={state} />,
              <Badge key="state" tone={STATE_BADGE[state].tone}>
                {t(`states.${STATE_BADGE[state].text}`)}
              </Badge>,
            ];
          }}
        />
      </section>
      <section aria-labelledby="endpoint-usage-heading">
        <h3 id="endpoint-usage-heading" className="mb-2 text-sm font-semibold">
          {t("endpointsHeading")}
        </h3>
        <DataTable
          caption={t("endpointsCaption")}
          columns={[
            t("endpointColumns.endpointKey"),
            t("endpointColumns.calls"),
            t("endpointColumns.plan"),
            t("endpointColumns.credit"),
            t("endpointColumns.bundle"),
            t("endpointColumns.sponsored"),
            t("endpointColumns.refunded"),
            t("endpointColumns.charged"),
          ]}
          rows={usage.endpoints}
          keyOf={(e) => e.endpointKey}
          empty={t("noCalls")}
          cells={(e) => [
            <code key="key">{e.endpointKey}</code>,
            formats.count(e.calls),
            e.bySource ? formats.count(e.bySource.plan) : "—",
            e.bySource ? formats.count(e.bySource.balance) : "—",
            e.bySource ? formats.count(e.bySource.bundle) : "—",
            e.bySource ? formats.count(e.bySource.sponsored) : "—",
            e.refunded !== undefined ? formats.count(e.refunded) : "—",
            e.chargedMinor !== undefined ? formats.money(e.chargedMinor, currency) : "—",
          ]}
        />
      </section>
    </div>
  );
}
