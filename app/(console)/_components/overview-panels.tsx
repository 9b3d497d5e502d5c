import { Link } from "@/components/ui/link";
import { type ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Facts } from "@/components/ui/facts";
import { DataTable } from "@/components/ui/table";
import { ServiceError, type ServiceApi } from "@/lib/api/client";
import { getServiceStatus } from "@/lib/api/service-status";
import { attempt } from "@/lib/operations/outcome";
import { messageForCode } from "@/lib/operations/code-sentences";
import { type ConsoleSession } from "@/lib/auth/session";
import { type AuditOutcome, listAudit } from "@/lib/store/audit-log";
import { activeUsageWarnings } from "@/lib/store/usage-warnings";
import { planState } from "@/lib/usage/plan-state";
import { recordUsageReading } from "@/lib/usage/usage-readings";
import { auditLabel } from "@/lib/audit-labels";
import { beneficiaryNames } from "../grants/_lib/beneficiaries";
import { OUTCOME_TONE } from "../audit/_lib/audit-outcome";
import { listJobs } from "../jobs/_lib/job-store";
import { LiveJobStatus } from "../jobs/_components/live-job-status";
import { getFormats } from "@/lib/i18n/formats-server";

/** One panel's figures, or why the service did not give them (the rest of the page still shows). */
async function figures<T>(
  load: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  try {
    return { ok: true, value: await load() };
  } catch (error) {
    if (error instanceof ServiceError)
      return {
        ok: false,
        message: messageForCode(
          error.code,
          error.retryAfterSeconds,
          error.message,
          await getTranslations("codes"),
        ),
      };
    throw error;
  }
}

async function Unavailable({ message }: { message: string }) {
  const t = await getTranslations("overview");
  return <p className="text-sm text-red-700">{t("unavailable", { message })}</p>;
}

function More({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="mt-3 inline-block text-sm text-brand-700 underline">
      {children}
    </Link>
  );
}

const PLAN_BADGE = {
  ok: { tone: "green", text: "ok" },
  warning: { tone: "amber", text: "warning" },
  exhausted: { tone: "red", text: "exhausted" },
  no_quota: { tone: "neutral", text: "noQuota" },
} as const;

/** Credit balance and plan use: what an admin checks first. */
export async function CreditAndPlans({ api }: { api: ServiceApi }) {
  const formats = await getFormats();
  const [credits, usage] = await Promise.all([
    figures(() => api.getClientCredits()),
    figures(async () => {
      const answer = await api.getClientUsage();
      await recordUsageReading(answer.data, "page");
      return answer.data;
    }),
  ]);
  const currency =
    (credits.ok ? credits.value.data.currency : undefined) ??
    (usage.ok ? usage.value.currency : undefined) ??
    "EUR";
  const t = await getTranslations("overview.credit");
  return (
    <>
      <Card title={t("title")}>
        {credits.ok ? (
          <>
            <p className="text-2xl font-semibold" data-testid="overview-balance">
              {formats.money(credits.value.data.balanceMinor, currency)}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {credits.value.data.billingMode === "invoice" ? t("invoice") : t("prepaid")}
            </p>
          </>
        ) : (
          <Unavailable message={credits.message} />
        )}
        <More href="/usage">{t("more")}</More>
      </Card>
      <Card title={t("plans.title")} className="md:col-span-2">
        {usage.ok ? (
          <DataTable
            caption={t("plans.caption")}
            columns={[
              t("plans.columns.plan"),
              t("plans.columns.endpointKey"),
              t("plans.columns.used"),
              t("plans.columns.state"),
            ]}
            rows={usage.value.plans}
            keyOf={(p) => `${p.id}/${p.endpoint_key}`}
            rowTestId="overview-plan"
            empty={t("plans.empty")}
            cells={(p) => {
              const state = planState(p);
              return [
                p.name ?? p.id,
                <code key="key">{p.endpoint_key}</code>,
                p.included_monthly_quantity === 0
                  ? formats.count(p.used)
                  : t("plans.usedOf", {
                      used: formats.count(p.used),
                      included: formats.count(p.included_monthly_quantity),
                    }),
                <Badge key="state" tone={PLAN_BADGE[state].tone}>
                  {t(`plans.states.${PLAN_BADGE[state].text}`)}
                </Badge>,
              ];
            }}
          />
        ) : (
          <Unavailable message={usage.message} />
        )}
      </Card>
    </>
  );
}

export async function UsageWarnings({ clientId }: { clientId: string }) {
  const formats = await getFormats();
  const warnings = await activeUsageWarnings(clientId);
  const t = await getTranslations("overview.warnings");
  return (
    <Card title={t("title")}>
      {warnings.length === 0 ? (
        <p className="text-sm text-slate-600">{t("none")}</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="overview-warnings">
          {warnings.map((w) => (
            <li key={w.text}>
              {/* The service's own words, quoted as sent (English). */}
              <span lang="en">{w.text}</span>{" "}
              <span className="text-xs text-slate-500">({formats.dateTime(w.lastSeenAt)})</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Issued grants that have covered 90 percent of their monthly cap or more. */
export async function GrantsNearCap({
  api,
  session,
}: {
  api: ServiceApi;
  session: ConsoleSession;
}) {
  const formats = await getFormats();
  const loaded = await figures(async () => {
    const grants = await api.listSponsorshipGrants();
    const names = await beneficiaryNames(api, session.clientId, grants.data.sponsorshipGrants);
    return grants.data.sponsorshipGrants
      .filter(
        (g) =>
          g.active &&
          (g.sponsorClientId ?? session.clientId) === session.clientId &&
          g.monthlyCapMinor != null &&
          g.coverage != null &&
          g.coverage.coveredAmountMinor >= g.monthlyCapMinor * 0.9,
      )
      .map((g) => ({ grant: g, beneficiary: names.get(g.beneficiaryClientId ?? "") }));
  });
  const t = await getTranslations("overview.grantsNearCap");
  return (
    <Card title={t("title")}>
      {!loaded.ok ? (
        <Unavailable message={loaded.message} />
      ) : loaded.value.length === 0 ? (
        <p className="text-sm text-slate-600">{t("none")}</p>
      ) : (
        <ul className="space-y-2 text-sm" data-testid="overview-grants-near-cap">
          {loaded.value.map(({ grant: g, beneficiary }) => (
            <li key={g.reference}>
              <Link
                href={`/grants/issued/${encodeURIComponent(g.reference)}`}
                className="font-medium text-brand-700 underline"
              >
                {g.reference}
              </Link>{" "}
              {t.rich("line", {
                who: (chunks) => (beneficiary ? chunks : <code>{chunks}</code>),
                beneficiary: beneficiary ?? g.beneficiaryClientId ?? "",
                covered: formats.money(g.coverage!.coveredAmountMinor, g.currency ?? "EUR"),
                cap: formats.money(g.monthlyCapMinor!, g.currency ?? "EUR"),
              })}{" "}
              <Badge tone={g.coverage!.coveredAmountMinor >= g.monthlyCapMinor! ? "red" : "amber"}>
                {g.coverage!.coveredAmountMinor >= g.monthlyCapMinor!
                  ? t("capReached")
                  : t("percent", {
                      percent: Math.floor(
                        (g.coverage!.coveredAmountMinor / g.monthlyCapMinor!) * 100,
                      ),
                    })}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <More href="/grants">{t("more")}</More>
    </Card>
  );
}

export async function RecentJobs({ organizationId }: { organizationId: string }) {
  const formats = await getFormats();
  const { jobs } = await listJobs(
    organizationId,
    { kind: "all", status: "all", sort: "newest", next: "", prev: "" },
    5,
  );
  const t = await getTranslations("overview.jobs");
  const families = await getTranslations("jobs.families");
  return (
    <Card title={t("title")}>
      <DataTable
        caption={t("caption")}
        columns={[t("columns.started"), t("columns.kind"), t("columns.status")]}
        rows={jobs}
        keyOf={(j) => j.id}
        rowTestId="overview-job"
        empty={t("empty")}
        cells={(j) => [
          <Link key="at" className="text-brand-700 underline" href={`/jobs/${j.id}`}>
            {formats.dateTime(j.createdAt)}
          </Link>,
          families(j.family),
          <LiveJobStatus key="status" initial={j} />,
        ]}
      />
      <More href="/jobs">{t("more")}</More>
    </Card>
  );
}

export async function RecentAudit({ organizationId }: { organizationId: string }) {
  const formats = await getFormats();
  const { entries } = await listAudit(organizationId, {}, { cursor: null, pageSize: 5 });
  const t = await getTranslations("overview.audit");
  return (
    <Card title={t("title")}>
      <DataTable
        caption={t("caption")}
        columns={[t("columns.when"), t("columns.operation"), t("columns.outcome")]}
        rows={entries}
        keyOf={(e) => String(e.id)}
        rowTestId="overview-audit"
        empty={t("empty")}
        cells={(e) => [
          <Link key="at" className="text-brand-700 underline" href={`/audit/${e.id}`}>
            {formats.dateTime(e.createdAt)}
          </Link>,
          auditLabel(e.operationId),
          <Badge key="outcome" tone={OUTCOME_TONE[e.outcome] ?? "neutral"}>
            {t(`outcomes.${e.outcome as AuditOutcome}`)}
          </Badge>,
        ]}
      />
      <More href="/audit">{t("more")}</More>
    </Card>
  );
}

/**
 * Whether the service is up (its public document) and whether it accepts this session's key (an
 * authenticated ping), read side by side.
 */
export async function ServiceStatusPanel({ api }: { api: ServiceApi }) {
  const [status, ping] = await Promise.all([
    getServiceStatus(),
    // Unreachable: the status line already says so.
    attempt("getSystemStatus", () => api.getSystemStatus()).catch(() => null),
  ]);
  const t = await getTranslations("overview.service");
  return (
    <Card title={t("title")}>
      <Facts
        facts={[
          [
            t("address"),
            <>
              <code>{status.url}</code>{" "}
              {status.embedded ? <span className="text-slate-500">{t("embedded")}</span> : null}
            </>,
          ],
          [
            t("status"),
            status.reachable
              ? t("reachable")
              : t("unreachable", {
                  reason:
                    status.reason.kind === "answered"
                      ? t("reasons.answered", { status: String(status.reason.status) })
                      : t(`reasons.${status.reason.kind}`),
                }),
            "service-status",
          ],
          [
            t("key"),
            !ping
              ? t("notChecked")
              : ping.ok
                ? t("accepted", { status: ping.data.status, service: ping.data.service })
                : t("refused", { message: ping.message }),
            "service-ping",
          ],
          status.reachable && [t("version"), status.version, "service-version"],
        ]}
      />
    </Card>
  );
}
