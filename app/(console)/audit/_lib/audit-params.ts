import { z } from "zod";
import { type LogFilterSet } from "@/components/operations/log-filters";
import { parseDay } from "@/lib/dates";
import { choiceKeys, dayParam, oneOf } from "@/lib/list-params";
import { cursorParam } from "@/lib/log-cursor";
import { type AuditFilters } from "@/lib/store/audit-log";

/** How an audited change ended, in the filter's words (`audit.outcomes`). */
export const AUDIT_OUTCOMES = {
  all: "all",
  success: "success",
  failure: "failure",
  unknown: "unknown",
} as const;

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

/** The audit log's filters, with their words (`getTranslations("audit")`). */
export function auditFilterSet(
  t: (key: "filterLabel" | `outcomes.${keyof typeof AUDIT_OUTCOMES}`) => string,
): LogFilterSet {
  return {
    action: "/audit",
    label: t("filterLabel"),
    defaults: AUDIT_DEFAULTS,
    outcomes: Object.fromEntries(
      Object.entries(AUDIT_OUTCOMES).map(([value, key]) => [value, t(`outcomes.${key}`)]),
    ),
  };
}

/** A date filter's error: an `audit.errors` message. */
type DateError = "dateHint" | "endBeforeStart";

/** The store's filters, and a message for each date that could not be read (then not applied). */
export function auditFilters(params: AuditParams): {
  filters: AuditFilters;
  errors: { from?: DateError; to?: DateError };
} {
  const from = params.from ? parseDay(params.from) : null;
  const to = params.to ? parseDay(params.to) : null;
  const errors: { from?: DateError; to?: DateError } = {};
  if (params.from && !from) errors.from = "dateHint";
  if (params.to && !to) errors.to = "dateHint";
  if (from && to && from > to) errors.to = "endBeforeStart";
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
