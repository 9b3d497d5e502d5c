import type { ChargeOutcome, ServiceMetadata } from "@/lib/api/contract/headers";
import { OPERATIONS, type OperationId } from "@/lib/api/contract/operations";

/**
 * What one call cost and why, read from the service's response headers and the operations table,
 * never guessed: the billing source (a settlement decision, not proof of a debit), the monthly
 * bundle, the sponsorship grant, usage warnings, whether the answer was a replay, and for a
 * refused call its status and what became of its charge where the service says.
 */
export interface ReceiptFacts {
  billingSource?: string;
  billingBundle?: string;
  sponsorshipGrant?: string;
  usageWarnings: string[];
  idempotentReplay: boolean;
  /** Whether the operation is billed at all (absent in receipts stored before it was recorded). */
  billable?: boolean;
  /** The status of a refused call (400 or above). */
  refusedWith?: number;
  /** For a refused billable call: refused before any charge, or charged and refunded. */
  chargeOutcome?: ChargeOutcome;
}

/** Whether an operation is billed, by the operations table. */
export const isBillable = (operation: OperationId) => OPERATIONS[operation].billable === true;

export const receiptOf = (
  m: Partial<ServiceMetadata>,
  call: { billable: boolean; refusedWith?: number },
): ReceiptFacts => ({
  ...(m.billingSource ? { billingSource: m.billingSource } : {}),
  ...(m.billingBundle ? { billingBundle: m.billingBundle } : {}),
  ...(m.sponsorshipGrant ? { sponsorshipGrant: m.sponsorshipGrant } : {}),
  usageWarnings: m.usageWarnings ?? [],
  idempotentReplay: m.idempotentReplay ?? false,
  billable: call.billable,
  ...(call.refusedWith !== undefined ? { refusedWith: call.refusedWith } : {}),
  ...(m.chargeOutcome ? { chargeOutcome: m.chargeOutcome } : {}),
});

/** The receipt as one sentence: only what the headers and the operations table establish. */
export function settlementSentence(facts: ReceiptFacts): string {
  if (facts.idempotentReplay) return "Replayed from an earlier identical call: not charged again.";
  if (facts.refusedWith !== undefined) {
    const refused = `Refused (HTTP ${facts.refusedWith})`;
    if (facts.billable === false) return `${refused}. This operation is not billed.`;
    if (facts.chargeOutcome === "not_charged")
      return `${refused} before any charge: nothing was billed.`;
    if (facts.chargeOutcome === "refunded")
      return `${refused} after it was charged: the charge was refunded automatically.`;
    return `${refused}. The service did not say whether it had charged the call; a charged call that fails is refunded automatically.`;
  }
  if (facts.billingSource === "sandbox") return "A sandbox call: not billed.";
  if (facts.sponsorshipGrant) return `Paid by the sponsor under grant ${facts.sponsorshipGrant}.`;
  if (facts.billingSource === "plan") return "Billed to your plan's monthly quantity.";
  if (facts.billingSource === "balance") return "Billed to your credit balance.";
  if (facts.billingSource === "bundle")
    return "Covered by the monthly VIN bundle: this VIN was already paid for this month.";
  if (facts.billingSource)
    return `Billed; the service reports the source "${facts.billingSource}", which this console does not know.`;
  if (facts.billable === false) return "Free: this operation is not billed.";
  if (facts.billable === true) return "The service reported no billing source for this call.";
  return "The service reported no billing source.";
}
