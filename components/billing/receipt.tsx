import { type ReceiptFacts, settlementSentence } from "@/lib/billing/receipt-facts";

export type { ReceiptFacts };

/**
 * A receipt beside a result: how the call was settled, in one sentence of what the response
 * headers and the operations table establish (never "not billable" from a missing header).
 */
export function Receipt({ facts, label = "Receipt" }: { facts: ReceiptFacts; label?: string }) {
  return (
    <aside
      aria-label={label}
      data-testid="receipt"
      className="rounded-md border border-dashed border-slate-300 bg-slate-50 px-3 py-2 text-xs text-slate-700"
    >
      <span className="font-medium">{label}:</span> {settlementSentence(facts)}
      {facts.billingBundle && facts.billingSource !== "bundle" ? (
        <> It opens the monthly VIN bundle: this VIN&apos;s other lookups this month are covered.</>
      ) : null}
      {facts.usageWarnings.length ? (
        <span className="block text-amber-800">{facts.usageWarnings.join(" · ")}</span>
      ) : null}
    </aside>
  );
}
