import { type OperationDefinition } from "@/lib/api/contract/operations";
import { refreshCaller } from "./authenticate";
import { type Stage } from "./call";
import { ApiError, type Caller } from "../core";

/** Rights, sandbox availability and the endpoint allowlist, in that order. */
export function authorize(caller: Caller, op: OperationDefinition): void {
  if (op.masterOnly && !caller.isMaster) {
    throw new ApiError(
      "master_client_required",
      "Only a Master client key may call this operation.",
    );
  }
  if (op.sandbox === "unavailable" && caller.environment === "sandbox") {
    throw new ApiError(
      "sandbox_endpoint_unavailable",
      "This operation is not available with a sandbox key.",
    );
  }
  if (op.billable && !isEndpointEnabled(caller, op.endpointKey)) {
    throw new ApiError(
      "endpoint_not_enabled",
      `The endpoint key ${op.endpointKey} is not enabled for this Client.`,
    );
  }
}

/** A Sub-user can never reach further than its Master's allowlist. */
export function isEndpointEnabled(
  caller: Pick<Caller, "client" | "parent">,
  endpointKey: string,
): boolean {
  const lists = [caller.client.allowlist, caller.parent?.allowlist].filter((l): l is string[] =>
    Array.isArray(l),
  );
  return lists.every((list) => list.includes(endpointKey));
}

/** `authorize`: whether the caller may call this operation at all. */
export const authorizeStage: Stage = async (call) => {
  try {
    authorize(call.who, call.op);
  } catch (error) {
    // A refusal is never made on a remembered caller: its rights may have changed since.
    if (!(error instanceof ApiError) || !call.callerUnverified) throw error;
    authorize(await refreshCaller(call), call.op);
  }
};
