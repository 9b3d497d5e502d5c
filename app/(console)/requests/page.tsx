import { CodedSentence } from "@/components/operations/coded-sentence";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/card";
import { type LogFilterSet, LogFilters } from "@/components/operations/log-filters";
import { SelectField } from "@/components/ui/field";
import { CursorPagination, shownCount } from "@/components/ui/cursor-pagination";
import { DataTable } from "@/components/ui/table";
import { BILLING_SOURCES } from "@/lib/api/contract/headers";
import { auditLabel } from "@/lib/audit-labels";
import { requirePageSession } from "@/lib/auth/guards";
import {
  choiceKeys,
  listHref,
  oneOf,
  readListParams,
  type SearchPageProps,
} from "@/lib/list-params";
import { cursorParam, logCursorOf } from "@/lib/log-cursor";
import { listRequests } from "@/lib/store/request-log";
import { retentionDays } from "@/lib/store/retention";
import { OPERATIONS } from "@/lib/api/contract/operations";
import { getFormats } from "@/lib/i18n/formats-server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("requests"))("title") };
}

/** How a call ended, in the filter's words (`requests.outcomes`). */
const REQUEST_OUTCOMES = {
  all: "all",
  success: "success",
  refused: "refused",
  unanswered: "unanswered",
} as const;

const requestParams = z.object({
  operation: z
    .string()
    .regex(/^[A-Za-z]{1,100}$/)
    .catch(""),
  outcome: oneOf(choiceKeys(REQUEST_OUTCOMES), "all"),
  billing: oneOf(["", ...BILLING_SOURCES], ""),
  next: cursorParam,
  prev: cursorParam,
});
/** Every operation of the interface, from the operations table: what the filter offers. */
const LOGGED_OPERATIONS = Object.keys(OPERATIONS);
const DEFAULTS = { operation: "", outcome: "all", billing: "" } as const;
/** The request log's filters, in the page's words. */
async function requestFilters(): Promise<LogFilterSet> {
  const t = await getTranslations("requests");
  return {
    action: "/requests",
    label: t("filterLabel"),
    defaults: DEFAULTS,
    outcomes: Object.fromEntries(
      Object.entries(REQUEST_OUTCOMES).map(([value, key]) => [value, t(`outcomes.${key}`)]),
    ),
  };
}

/** Calls that got no answer, by how the console's client ended them (never a service code). */
const UNANSWERED = new Set([
  "OutcomeUnknownError",
  "ServiceUnreachableError",
  "ContractViolationError",
  "JobQuarantinedError",
  "JobPollTimeoutError",
] as const);
type Unanswered = typeof UNANSWERED extends Set<infer T> ? T : never;

/** How a call ended badly, in a sentence: the service's code with its sentence, or the console's. */
async function CallEnd({ status, code }: { status: number | null; code: string }) {
  if (status !== null && status >= 400) return <CodedSentence code={code} />;
  const t = await getTranslations("requests.unanswered");
  return <>{(UNANSWERED as Set<string>).has(code) ? t(code as Unanswered) : t("other")}</>;
}

export default async function RequestLogPage({ searchParams }: SearchPageProps) {
  const formats = await getFormats();
  const { session } = await requirePageSession();
  const params = readListParams(requestParams, await searchParams);
  const listed = await listRequests(session.organizationId, {
    operationId: params.operation || undefined,
    outcome: params.outcome,
    billingSource: params.billing || undefined,
    cursor: logCursorOf(params),
  });
  const filtersOnly = { ...params, next: undefined, prev: undefined };
  const t = await getTranslations("requests");
  const labels = await getTranslations("audit.labels");
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description", { days: retentionDays().requestLog })}
      />
      <LogFilters of={await requestFilters()} operations={LOGGED_OPERATIONS} chosen={params}>
        <SelectField
          choices={BILLING_SOURCES}
          label={t("billingSource")}
          name="billing"
          defaultValue={params.billing}
        >
          <option value="">{t("any")}</option>
        </SelectField>
      </LogFilters>
      <p className="mb-2 text-sm text-slate-600" data-testid="request-count">
        {await shownCount(listed.rows.length, listed, [t("count.one"), t("count.many")])}
      </p>
      <DataTable
        boxed
        caption={t("caption")}
        columns={[
          t("columns.time"),
          t("columns.operation"),
          t("columns.status"),
          t("columns.wrong"),
          t("columns.billingSource"),
          t("columns.duration"),
        ]}
        rows={listed.rows}
        keyOf={(r) => String(r.id)}
        rowTestId="request-row"
        empty={t("empty")}
        cells={(r) => [
          formats.dateTime(r.createdAt),
          <span key="op">
            {auditLabel(r.operationId, (key) => labels(key))}{" "}
            <code className="text-xs">{r.operationId}</code>
          </span>,
          r.status === null ? (
            <Badge key="s" tone="amber">
              {t("noAnswer")}
            </Badge>
          ) : (
            <Badge key="s" tone={r.status < 400 ? "green" : "red"}>
              {r.status}
            </Badge>
          ),
          r.errorCode ? <CallEnd key="e" status={r.status} code={r.errorCode} /> : "—",
          r.billingSource
            ? r.replayed
              ? t("replay", { source: r.billingSource })
              : r.billingSource
            : "—",
          t("duration", { ms: formats.count(r.durationMs) }),
        ]}
      />
      <CursorPagination
        previous={listed.previous}
        next={listed.next}
        hrefFor={(place) => listHref("/requests", filtersOnly, place, DEFAULTS)}
        label={t("pages")}
      />
    </>
  );
}
