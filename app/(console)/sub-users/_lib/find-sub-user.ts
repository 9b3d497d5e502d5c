import "server-only";
import { notFound } from "next/navigation";
import { type ServiceApi } from "@/lib/api/client";
import { type ClientUser } from "@/lib/api/contract/client-admin";
import { ensureSubUsers, indexedSubUser, refreshedSubUsers } from "@/lib/sub-users/sub-user-index";

/**
 * A Sub-user of the signed-in Master from the console's index (the interface has no single
 * read, and the list is long), or the not-found page. An id the index lacks may be a Sub-user
 * made outside the console since the last refresh: the list is asked for again first, by its
 * entity tag, which costs the service one `304` while nothing changed.
 */
export async function findSubUser(
  api: ServiceApi,
  masterId: string,
  clientId: string,
): Promise<ClientUser> {
  await ensureSubUsers(api, masterId);
  const indexed = await indexedSubUser(masterId, clientId);
  if (indexed) return indexed;
  await refreshedSubUsers(api, masterId);
  return (await indexedSubUser(masterId, clientId)) ?? notFound();
}
