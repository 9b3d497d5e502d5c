import {
  type OperationDefinition,
  type OperationId,
  OPERATIONS,
} from "@/lib/api/contract/operations";

/** Whether a signed-in Client may call an operation at all: its row says whether it is Master-only. */
export function mayCall(session: { isMaster: boolean }, operationId: OperationId): boolean {
  const op: OperationDefinition = OPERATIONS[operationId];
  return session.isMaster || !op.masterOnly;
}
