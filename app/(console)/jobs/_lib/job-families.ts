import type { ReceiptFacts } from "@/lib/billing/receipt-facts";
import {
  type JobFamily,
  OPERATION_IDS,
  type OperationDefinition,
  type OperationId,
  OPERATIONS,
  type OrderJobFamily,
} from "@/lib/api/contract/operations";

/*
 * The work the console follows: the order jobs (started from "Start a job") and the
 * Intelligence jobs (started from the Intelligence section; an immediate answer is kept as a
 * finished job, so every Intelligence result has a page). Their families are the contract's.
 */

/** The operation that orders a family's jobs: the row whose `job` names the family. */
export function orderOperationOf(family: OrderJobFamily): OperationId {
  return OPERATION_IDS.find(
    (id) => (OPERATIONS[id] as OperationDefinition).job?.family === family,
  ) as OperationId;
}

export type ConsoleJobStatus = "queued" | "running" | "succeeded" | "failed" | "quarantined";

/** How each status is shown. */
export const JOB_STATUS_TONE = {
  queued: "neutral",
  running: "blue",
  succeeded: "green",
  failed: "red",
  quarantined: "amber",
} as const satisfies Record<ConsoleJobStatus, string>;

export const isFinal = (s: ConsoleJobStatus) =>
  s === "succeeded" || s === "failed" || s === "quarantined";

/** A job the console follows, as its pages receive it (never a key). */
export interface TrackedJob {
  id: string;
  family: JobFamily;
  status: ConsoleJobStatus;
  input: Record<string, unknown>;
  result: unknown;
  error: { code: string; message: string } | null;
  quarantine: { statusUrl: string; location: string | null } | null;
  retryAfterSeconds: number | null;
  /** How the order was settled (not known for orders recorded before receipts were kept). */
  receipt: ReceiptFacts | null;
  createdAt: string;
  updatedAt: string;
}
