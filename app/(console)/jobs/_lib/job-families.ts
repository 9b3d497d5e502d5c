import { type JobFamily } from "@/lib/api/contract/operations";

export { isJobFamily, JOB_FAMILIES, type JobFamily } from "@/lib/api/contract/operations";

/** What each kind of asynchronous work (the table's families) is called in the console. */
export const JOB_LABELS: Record<JobFamily, string> = {
  vin_parts: "VIN parts lookup",
  cart_check: "Cart check",
  economic_evaluation: "Economic evaluation",
  part_image: "Part-image generation",
};
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

/** What the job view receives from the console (never a key). */
export interface JobView {
  id: string;
  family: JobFamily;
  status: ConsoleJobStatus;
  input: Record<string, unknown>;
  result: unknown;
  error: { code: string; message: string } | null;
  quarantine: { statusUrl: string; location: string | null } | null;
  retryAfterSeconds: number | null;
  createdAt: string;
  updatedAt: string;
}
