import { CodedSentence } from "@/components/operations/coded-sentence";
import type { Metadata } from "next";
import { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/card";
import { type LogFilterSet, LogFilters } from "@/components/operations/log-filters";
import { SelectField } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { DataTable } from "@/components/ui/table";
import { BILLING_SOURCES } from "@/lib/api/contract/headers";
import { auditLabel } from "@/lib/audit-labels";
import { requirePageSession } from "@/lib/auth/guards";
import { formatCount, formatDateTime } from "@/lib/format";
import {
  choiceKeys,
  listHref,
  oneOf,
  pageParam,
  readListParams,
  type SearchPageProps,
} from "@/lib/list-params";
import { listRequests, loggedOperations, REQUEST_LOG_DAYS } from "@/lib/store/request-log";

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
  page: pageParam,
});
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
  const [listed, operations] = await Promise.all([
    listRequests(session.organizationId, {
      operationId: params.operation || undefined,
      outcome: params.outcome,
      billingSource: params.billing || undefined,
      page: params.page,
    }),
    loggedOperations(session.organizationId),
  ]);
  const current = { ...params, page: listed.page };
  return (
    <>
      <PageHeader
        title="Request log"
        description={`Every call this console made to the service for your Client in the last ${REQUEST_LOG_DAYS} days: operation, how it ended, who paid and how long it took. No key and no request or response content is kept.`}
      />
      <LogFilters of={REQUEST_FILTERS} operations={operations} chosen={params}>
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
        {formatCount(listed.total)} {listed.total === 1 ? "call" : "calls"}
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
      <Pagination
        page={listed.page}
        pages={listed.pages}
        hrefFor={(page) => listHref("/requests", current, { page }, DEFAULTS)}
        label="Pages of the request log"
      />
    </>
  );
}
