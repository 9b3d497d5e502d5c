import type { ServiceMetadata } from "@/lib/api/contract/headers";

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

export const receiptOf = (m: Partial<ServiceMetadata>): ReceiptFacts => ({
  ...(m.billingSource ? { billingSource: m.billingSource } : {}),
  ...(m.billingBundle ? { billingBundle: m.billingBundle } : {}),
  ...(m.sponsorshipGrant ? { sponsorshipGrant: m.sponsorshipGrant } : {}),
  usageWarnings: m.usageWarnings ?? [],
  idempotentReplay: m.idempotentReplay ?? false,
});
