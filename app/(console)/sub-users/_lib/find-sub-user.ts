import "server-only";
import { notFound } from "next/navigation";
import { type ServiceApi } from "@/lib/api/client";
import { type ClientUser } from "@/lib/api/contract/client-admin";
import {
  ensureSubUsers,
  indexedSubUser,
  refreshSubUsers,
  subUsersRefreshedAt,
} from "@/lib/sub-users/sub-user-index";

/** An unknown id refreshes the index at most this often (a Sub-user made outside the console). */
const MISS_REFRESH_MS = 30_000;

/**
 * A Sub-user of the signed-in Master from the console's index (the interface has no single
 * read, and the list is long), or the not-found page. An id the index lacks may be a Sub-user
 * made outside the console since the last refresh: the list is taken again first, unless it was
 * moments ago (so a stream of unknown ids does not read the list each time).
 */
export async function findSubUser(
  api: ServiceApi,
  masterId: string,
  clientId: string,
): Promise<ClientUser> {
  await ensureSubUsers(api, masterId);
  const indexed = await indexedSubUser(masterId, clientId);
  if (indexed) return indexed;
  const refreshedAt = await subUsersRefreshedAt(masterId);
  if (refreshedAt && Date.now() - refreshedAt.getTime() < MISS_REFRESH_MS) notFound();
  await refreshSubUsers(api, masterId);
  return (await indexedSubUser(masterId, clientId)) ?? notFound();
}
