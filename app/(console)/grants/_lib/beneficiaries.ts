import "server-only";
import { type ServiceApi } from "@/lib/api/client";
import { type SponsorshipGrant } from "@/lib/api/contract/client-admin";
import { subUserNames } from "@/lib/sub-users/sub-user-index";
import { subUsersForPage } from "@/app/(console)/sub-users/_lib/sub-users-for-page";

/**
 * The names of the Sub-users a view of grants names as beneficiaries, from the console's index
 * (a Master with 100,000 Sub-users and a few grants reads a few rows, not the service's list).
 */
export async function beneficiaryNames(
  api: ServiceApi,
  masterId: string,
  grants: readonly SponsorshipGrant[],
): Promise<Map<string, string>> {
  const ids = grants.flatMap((g) => (g.beneficiaryClientId ? [g.beneficiaryClientId] : []));
  if (ids.length === 0) return new Map();
  await subUsersForPage(api, masterId);
  return subUserNames(masterId, [...new Set(ids)]);
}
