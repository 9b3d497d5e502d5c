import "server-only";
import { notFound } from "next/navigation";
import { type ServiceApi } from "@/lib/api/client";

/** A Sub-user of the signed-in Master, or the not-found page: the interface has no single read, the list is the source. */
export async function findSubUser(api: ServiceApi, clientId: string) {
  const { data } = await api.listClientUsers();
  const user = data.clientUsers.find((u) => u.id === clientId);
  if (!user) notFound();
  return user;
}
