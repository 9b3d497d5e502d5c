import { Badge } from "@/components/ui/badge";
import { type ReceiptFacts } from "@/lib/billing/receipt-facts";

export type { ReceiptFacts };

/** A receipt beside a result: how the call was settled, from the response headers. */
export function Receipt({ facts, label = "Receipt" }: { facts: ReceiptFacts; label?: string }) {
  return (
    <aside
      aria-label={label}
      data-testid="receipt"
      className="rounded-md border border-dashed border-slate-300 bg-slate-50 px-3 py-2 text-xs text-slate-700"
    >
      <span className="font-medium">{label}:</span>{" "}
      {facts.billingSource ? (
        <>
          billed by <Badge>{facts.billingSource}</Badge>
        </>
      ) : (
        "no billing source reported (not billable)"
      )}
      {facts.billingBundle ? <> · bundle {facts.billingBundle}</> : null}
      {facts.sponsorshipGrant ? <> · grant {facts.sponsorshipGrant}</> : null}
      {facts.idempotentReplay ? <> · replayed from an earlier identical call</> : null}
      {facts.usageWarnings.length ? (
        <span className="block text-amber-800">{facts.usageWarnings.join(" · ")}</span>
      ) : null}
    </aside>
  );
}
