import "server-only";
import { apiForKey } from "@/lib/api/console-service";
import { ServiceError } from "@/lib/api/client";
import { environmentOfKey } from "@/lib/api/contract/api-keys";
import { type ConsoleSession } from "./session";

/**
 * Asks the service who a key belongs to: its Client (credit status), whether it is a Master
 * (the Sub-user list answers only Masters) and its environment. Inactive, disabled and unknown
 * keys fail here with the service's own code.
 */
export async function identifyClient(
  apiKey: string,
): Promise<Pick<ConsoleSession, "clientId" | "isMaster" | "environment">> {
  const api = apiForKey(apiKey);
  const credits = await api.getClientCredits();
  let isMaster = true;
  try {
    // Only whether the list answers matters: its read stops at the first entries.
    await api.listClientUsers({}, { stream: { list: "clientUsers", onItems: () => false } });
  } catch (error) {
    if (error instanceof ServiceError && error.code === "master_client_required") isMaster = false;
    else throw error;
  }
  const environment = credits.data.environment ?? environmentOfKey(apiKey) ?? "unknown";
  return { clientId: credits.data.clientId, isMaster, environment };
}
