import { useTranslations } from "next-intl";
import { type ReactNode } from "react";
import { FilterForm } from "@/components/ui/filter-form";
import { SelectField } from "@/components/ui/field";
import { auditLabel } from "@/lib/audit-labels";

/** What a log's filters are: where they send, their name, their defaults and the log's outcomes. */
export interface LogFilterSet {
  action: string;
  label: string;
  defaults: Record<string, string>;
  /** Each outcome's value and its words, in order; the first is "all outcomes". */
  outcomes: Record<string, string>;
}

/**
 * The filters of a log of operations (the audit log, the request log): which operation, from
 * those the log holds, named in words; how it ended, in the log's own terms; and the log's own
 * further fields.
 */
export function LogFilters({
  of: { action, label, defaults, outcomes },
  operations,
  chosen: { operation, outcome },
  children,
}: {
  of: LogFilterSet;
  operations: readonly string[];
  chosen: { operation: string; outcome: string };
  children?: ReactNode;
}) {
  const t = useTranslations("requests.filters");
  const labels = useTranslations("audit.labels");
  return (
    <FilterForm action={action} defaults={defaults} label={label}>
      <SelectField
        choices={operations.map((id) => [id, auditLabel(id, (key) => labels(key))] as const)}
        label={t("operation")}
        name="operation"
        defaultValue={operation}
      >
        <option value="">{t("allOperations")}</option>
      </SelectField>
      <SelectField
        label={t("outcome")}
        name="outcome"
        defaultValue={outcome}
        choices={Object.entries(outcomes)}
      />
      {children}
    </FilterForm>
  );
}
