import { type OperationId } from "@/lib/api/contract/operations";
import { type HandlerMap } from "../../context";

export const SERVICE_NAME = "vehicle-parts-market-intelligence";

export const systemHandlers = {
  async getSystemStatus() {
    return { status: 200, data: { status: "ok" as const, service: SERVICE_NAME } };
  },
} satisfies HandlerMap;

/**
 * Operations whose handler reads and writes nothing. Such a call is active only while it is
 * admitted, so it takes its Client's lock in the transaction that counts it and lets go at that
 * commit: one round trip in all (see the admission stage).
 */
export const WORK_FREE_OPERATIONS: ReadonlySet<OperationId> = new Set(["getSystemStatus"]);
