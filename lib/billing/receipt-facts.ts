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

/** A receipt sentence's message (in the `billing.settlement` messages) and its arguments. */
export type Settlement =
  | {
      key:
        | "replayed"
        | "sandbox"
        | "plan"
        | "balance"
        | "bundle"
        | "free"
        | "noSourceBillable"
        | "noSource";
    }
  | {
      key: "refusedNotBilled" | "refusedNotCharged" | "refusedRefunded" | "refusedUnknown";
      values: { status: number };
    }
  | { key: "sponsor"; values: { grant: string } }
  | { key: "unknownSource"; values: { source: string } };

/** The receipt as one sentence: only what the headers and the operations table establish. */
export function settlementMessage(facts: ReceiptFacts): Settlement {
  if (facts.idempotentReplay) return { key: "replayed" };
  if (facts.refusedWith !== undefined) {
    const values = { status: facts.refusedWith };
    if (facts.billable === false) return { key: "refusedNotBilled", values };
    if (facts.chargeOutcome === "not_charged") return { key: "refusedNotCharged", values };
    if (facts.chargeOutcome === "refunded") return { key: "refusedRefunded", values };
    return { key: "refusedUnknown", values };
  }
  if (facts.billingSource === "sandbox") return { key: "sandbox" };
  if (facts.sponsorshipGrant) return { key: "sponsor", values: { grant: facts.sponsorshipGrant } };
  if (facts.billingSource === "plan") return { key: "plan" };
  if (facts.billingSource === "balance") return { key: "balance" };
  if (facts.billingSource === "bundle") return { key: "bundle" };
  if (facts.billingSource) return { key: "unknownSource", values: { source: facts.billingSource } };
  if (facts.billable === false) return { key: "free" };
  if (facts.billable === true) return { key: "noSourceBillable" };
  return { key: "noSource" };
}
