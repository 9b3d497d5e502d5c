/** The kinds of asynchronous work the console starts, and what each is called. */
export const JOB_FAMILIES = {
  vin_parts: { label: "VIN parts lookup", statusOperation: "getVinPartsJob" },
  cart_check: { label: "Cart check", statusOperation: "getVinCartCheckJob" },
  economic_evaluation: {
    label: "Economic evaluation",
    statusOperation: "getVinEconomicEvaluationJob",
  },
  part_image: { label: "Part-image generation", statusOperation: "getPartImageGenerationJob" },
} as const;

export type JobFamily = keyof typeof JOB_FAMILIES;
export type ConsoleJobStatus = "queued" | "running" | "succeeded" | "failed" | "quarantined";

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
