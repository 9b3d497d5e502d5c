import "server-only";
import { JobQuarantinedError } from "@/lib/api/client";
import { type JobFamily } from "@/lib/api/contract/operations";
import { type OrderResponse, recordStart } from "./job-store";

/**
 * Runs an order and records what it answered (an immediate result as a finished job, an accepted
 * job to follow); a quarantined job is recorded as such. Server-only: never an action itself.
 */
export async function order(
  clientId: string,
  family: JobFamily,
  input: Record<string, unknown>,
  call: () => Promise<OrderResponse>,
) {
  try {
    return { jobId: await recordStart(clientId, family, input, { response: await call() }) };
  } catch (error) {
    if (error instanceof JobQuarantinedError)
      return { jobId: await recordStart(clientId, family, input, { quarantined: error }) };
    throw error;
  }
}
