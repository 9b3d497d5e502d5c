import "server-only";
import { notFound } from "next/navigation";
import { keepIds, type ServiceApi } from "@/lib/api/client";

/**
 * A Sub-user of the signed-in Master, or the not-found page: the interface has no single read,
 * the list is the source. Only this Sub-user's entry is kept and checked against the contract:
 * checking all 10,000 entries of a long list was about a third of the page's time.
 */
export async function findSubUser(api: ServiceApi, clientId: string) {
  const { data } = await api.listClientUsers({}, { keepOnly: keepIds("clientUsers", [clientId]) });
  const user = data.clientUsers.find((u) => u.id === clientId);
  if (!user) notFound();
  return user;
}
