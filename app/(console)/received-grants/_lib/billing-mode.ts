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

/** Why a mode cannot be chosen: a `receivedGrants.reasons` message. */
export type ModeRefusal =
  "revoked" | "ended" | "alreadyPartner" | "permanent" | "alreadyOwn" | "notPermitted";
export type ModeChoice = { allowed: true } | { allowed: false; reason: ModeRefusal };

/** Whether a beneficiary may still choose `mode` for this grant, and why not. */
export function canChoose(grant: SponsorshipGrant, mode: "own" | "partner"): ModeChoice {
  if (!grant.active)
    return {
      allowed: false,
      reason: grant.revokedAt ? "revoked" : "ended",
    };
  if (grant.billingMode === "partner") {
    return mode === "partner"
      ? { allowed: false, reason: "alreadyPartner" }
      : { allowed: false, reason: "permanent" };
  }
  if (mode === "own") return { allowed: false, reason: "alreadyOwn" };
  if (grant.allowPartnerTerms === false) return { allowed: false, reason: "notPermitted" };
  return { allowed: true };
}
