import { type SponsorshipGrant } from "@/lib/api/contract/client-admin";

/**
 * The sponsor to name when choosing a billing mode: only when the same reference was received
 * from several sponsors (the interface asks for `sponsorClientId` exactly then).
 */
export function sponsorToSend(
  grant: SponsorshipGrant,
  received: SponsorshipGrant[],
): string | undefined {
  const sponsors = new Set(
    received.filter((g) => g.reference === grant.reference).map((g) => g.sponsorClientId ?? "?"),
  );
  return sponsors.size > 1 ? grant.sponsorClientId : undefined;
}

export type ModeChoice = { allowed: true } | { allowed: false; reason: string };

/** Whether a beneficiary may still choose `mode` for this grant, and why not. */
export function canChoose(grant: SponsorshipGrant, mode: "own" | "partner"): ModeChoice {
  if (!grant.active)
    return {
      allowed: false,
      reason: grant.revokedAt ? "The grant was revoked." : "The grant has ended.",
    };
  if (grant.billingMode === "partner") {
    return mode === "partner"
      ? { allowed: false, reason: "Already on the sponsor's terms." }
      : { allowed: false, reason: "The switch to the sponsor's terms is permanent." };
  }
  if (mode === "own") return { allowed: false, reason: "Already your own terms." };
  if (grant.allowPartnerTerms === false)
    return { allowed: false, reason: "The sponsor does not permit switching to its terms." };
  return { allowed: true };
}
