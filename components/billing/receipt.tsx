import { useTranslations } from "next-intl";
import { type ReceiptFacts, settlementMessage } from "@/lib/billing/receipt-facts";

export type { ReceiptFacts };

/**
 * A receipt beside a result: how the call was settled, in one sentence of what the response
 * headers and the operations table establish (never "not billable" from a missing header).
 */
export function Receipt({ facts, label }: { facts: ReceiptFacts; label?: string }) {
  const t = useTranslations("billing");
  const shown = label ?? t("receipt.label");
  const settlement = settlementMessage(facts);
  return (
    <aside
      aria-label={shown}
      data-testid="receipt"
      className="rounded-md border border-dashed border-slate-300 bg-slate-50 px-3 py-2 text-xs text-slate-700"
    >
      <span className="font-medium">{shown}:</span>{" "}
      {"values" in settlement
        ? t(`settlement.${settlement.key}`, settlement.values)
        : t(`settlement.${settlement.key}`)}
      {facts.billingBundle && facts.billingSource !== "bundle" ? (
        <> {t("receipt.bundleOpened")}</>
      ) : null}
      {facts.usageWarnings.length ? (
        // The service's own words, quoted as sent (English).
        <span lang="en" className="block text-amber-800">
          {facts.usageWarnings.join(" · ")}
        </span>
      ) : null}
    </aside>
  );
}
