import "server-only";
import { keepIds, type ListFilter } from "@/lib/api/client";
import { type SponsorshipGrant } from "@/lib/api/contract/client-admin";

/**
 * The entries of the Sub-user list a view of grants names: their beneficiaries'. A Master with
 * 10,000 Sub-users and a few grants keeps (and checks) a few entries, not the whole list.
 */
export function beneficiariesOf(grants: readonly SponsorshipGrant[]): ListFilter {
  return keepIds(
    "clientUsers",
    grants.flatMap((g) => (g.beneficiaryClientId ? [g.beneficiaryClientId] : [])),
  );
}
