import { CodedSentence } from "@/components/operations/coded-sentence";
import type { Metadata } from "next";
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
import { formatCount, formatDateTime } from "@/lib/format";
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

export const metadata: Metadata = { title: "Request log" };

/** How a call ended, in the filter's words. */
const REQUEST_OUTCOMES = {
  all: "All outcomes",
  success: "Answered",
  refused: "Refused",
  unanswered: "No answer",
};

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
const REQUEST_FILTERS: LogFilterSet = {
  action: "/requests",
  label: "Filter the request log",
  defaults: DEFAULTS,
  outcomes: REQUEST_OUTCOMES,
};

/** Calls that got no answer, by how the console's client ended them (never a service code). */
const UNANSWERED = new Map([
  ["OutcomeUnknownError", "The answer was lost on the way: the call may have run."],
  ["ServiceUnreachableError", "The service could not be reached."],
  ["ContractViolationError", "The answer did not have the documented shape, so it was not used."],
  [
    "JobQuarantinedError",
    "The job's address did not match its status address, so it is not followed.",
  ],
  ["JobPollTimeoutError", "The job did not finish while the console waited for it."],
]);

/** How a call ended badly, in a sentence: the service's code with its sentence, or the console's. */
function CallEnd({ status, code }: { status: number | null; code: string }) {
  if (status !== null && status >= 400) return <CodedSentence code={code} />;
  return <>{UNANSWERED.get(code) ?? "The call ended without an answer."}</>;
}

export default async function RequestLogPage({ searchParams }: SearchPageProps) {
  const { session } = await requirePageSession();
  const params = readListParams(requestParams, await searchParams);
  const listed = await listRequests(session.organizationId, {
    operationId: params.operation || undefined,
    outcome: params.outcome,
    billingSource: params.billing || undefined,
    cursor: logCursorOf(params),
  });
  const filtersOnly = { ...params, next: undefined, prev: undefined };
  return (
    <>
      <PageHeader
        title="Request log"
        description={`Every call this console made to the service for your Client in the last ${retentionDays().requestLog} days: operation, how it ended, who paid and how long it took. No key and no request or response content is kept.`}
      />
      <LogFilters of={REQUEST_FILTERS} operations={LOGGED_OPERATIONS} chosen={params}>
        <SelectField
          choices={BILLING_SOURCES}
          label="Billing source"
          name="billing"
          defaultValue={params.billing}
        >
          <option value="">Any</option>
        </SelectField>
      </LogFilters>
      <p className="mb-2 text-sm text-slate-600" data-testid="request-count">
        {shownCount(listed.rows.length, listed, ["call", "calls"])}
      </p>
      <DataTable
        boxed
        caption="Calls to the service, newest first"
        columns={["Time", "Operation", "Status", "What went wrong", "Billing source", "Duration"]}
        rows={listed.rows}
        keyOf={(r) => String(r.id)}
        rowTestId="request-row"
        empty="No calls match."
        cells={(r) => [
          formatDateTime(r.createdAt),
          <span key="op">
            {auditLabel(r.operationId)} <code className="text-xs">{r.operationId}</code>
          </span>,
          r.status === null ? (
            <Badge key="s" tone="amber">
              no answer
            </Badge>
          ) : (
            <Badge key="s" tone={r.status < 400 ? "green" : "red"}>
              {r.status}
            </Badge>
          ),
          r.errorCode ? <CallEnd key="e" status={r.status} code={r.errorCode} /> : "—",
          r.billingSource ? `${r.billingSource}${r.replayed ? " (replay)" : ""}` : "—",
          `${formatCount(r.durationMs)} ms`,
        ]}
      />
      <CursorPagination
        previous={listed.previous}
        next={listed.next}
        hrefFor={(place) => listHref("/requests", filtersOnly, place, DEFAULTS)}
        label="Pages of the request log"
      />
    </>
  );
}
