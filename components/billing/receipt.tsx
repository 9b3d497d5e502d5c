import { Badge } from "@/components/ui/badge";

/**
 * What one call cost and why, read from the service's response headers and never guessed:
 * the billing source (a settlement decision, not proof of a debit), the monthly bundle, the
 * sponsorship grant, usage warnings and whether the answer was a replay.
 */
export interface ReceiptFacts {
  billingSource?: string;
  billingBundle?: string;
  sponsorshipGrant?: string;
  usageWarnings: string[];
  idempotentReplay: boolean;
}

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
