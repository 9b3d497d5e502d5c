import { z } from "zod";
import { type LogFilterSet } from "@/components/operations/log-filters";
import { parseDay } from "@/lib/dates";
import { choiceKeys, dayParam, oneOf } from "@/lib/list-params";
import { cursorParam } from "@/lib/log-cursor";
import { type AuditFilters } from "@/lib/store/audit-log";

/** How an audited change ended, in the filter's words. */
export const AUDIT_OUTCOMES = {
  all: "All outcomes",
  success: "Success",
  failure: "Failure",
  unknown: "Unknown",
};

/** The audit log's state in its address; the CSV export reads the same parameters. */
export const auditParams = z.object({
  operation: z
    .string()
    .regex(/^[A-Za-z.]{1,100}$/)
    .catch(""),
  outcome: oneOf(choiceKeys(AUDIT_OUTCOMES), "all"),
  from: dayParam,
  to: dayParam,
  next: cursorParam,
  prev: cursorParam,
});
export type AuditParams = z.output<typeof auditParams>;
export const AUDIT_DEFAULTS = { operation: "", outcome: "all", from: "", to: "" } as const;
export const AUDIT_PAGE_SIZE = 50;

export const AUDIT_FILTERS: LogFilterSet = {
  action: "/audit",
  label: "Filter the audit log",
  defaults: AUDIT_DEFAULTS,
  outcomes: AUDIT_OUTCOMES,
};

const DATE_HINT = "Enter a date like 23 Nov 2026.";

/** The store's filters, and a message for each date that could not be read (then not applied). */
export function auditFilters(params: AuditParams): {
  filters: AuditFilters;
  errors: { from?: string; to?: string };
} {
  const from = params.from ? parseDay(params.from) : null;
  const to = params.to ? parseDay(params.to) : null;
  const errors: { from?: string; to?: string } = {};
  if (params.from && !from) errors.from = DATE_HINT;
  if (params.to && !to) errors.to = DATE_HINT;
  if (from && to && from > to) errors.to = "The end is before the start.";
  return {
    filters: {
      operationId: params.operation || undefined,
      outcome: params.outcome === "all" ? undefined : params.outcome,
      from: from ? new Date(`${from}T00:00:00Z`) : undefined,
      to: to && !errors.to ? new Date(`${to}T23:59:59.999Z`) : undefined,
    },
    errors,
  };
}
