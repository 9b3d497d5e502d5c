import { z } from "zod";
import { absoluteUrl, isoDateTime, jobId, uuid } from "./common";
import { jobError } from "./errors";

/** Job states of VIN parts, cart check, economic evaluation and part-image generation. */
export const JOB_STATES = ["queued", "running", "succeeded", "failed"] as const;
export const jobState = z.enum(JOB_STATES);
export type JobState = z.infer<typeof jobState>;
export const isTerminalJobState = (s: JobState) => s === "succeeded" || s === "failed";

/** `202` body of accepted work. `statusUrl` is required and must equal the `Location` header. */
export const jobAccepted = z.looseObject({
  jobId,
  status: z.enum(["queued", "running"]),
  statusUrl: absoluteUrl,
  retryAfterSeconds: z.number().int().min(0),
  createdAt: isoDateTime,
  vin: z.string().optional(),
});
export type JobAccepted = z.infer<typeof jobAccepted>;

/**
 * Job status resource: pending states carry no result; a terminal state carries `result` (same
 * shape as the immediate response) or an embedded `error`. A failed poll is still HTTP `200`.
 */
export function jobStatus<R extends z.ZodType>(result: R) {
  return z
    .looseObject({
      jobId: jobId.optional(),
      status: jobState,
      statusUrl: absoluteUrl.optional(),
      retryAfterSeconds: z.number().int().min(0).optional(),
      createdAt: isoDateTime.optional(),
      updatedAt: isoDateTime.optional(),
      result: result.optional(),
      error: jobError.optional(),
    })
    .refine((j) => j.status !== "succeeded" || j.result !== undefined, {
      message: "a succeeded job carries `result`",
      path: ["result"],
    })
    .refine((j) => j.status !== "failed" || j.error !== undefined, {
      message: "a failed job carries `error`",
      path: ["error"],
    });
}

export const jobIdPath = z.strictObject({
  jobId: jobId.describe("`jobId` of the `202` answer that accepted the work."),
});

/** Intelligence `202` body: `requestId` and `jobId` are the same UUID in the pilot. */
export const intelligenceAccepted = z.looseObject({
  requestId: uuid,
  jobId: uuid,
  status: z.enum(["queued", "running"]).optional(),
  statusUrl: absoluteUrl,
  reason: z.string(),
  retryAfterSeconds: z.number().int().min(0),
});
export const intelligenceJobPath = z.strictObject({
  jobId: uuid.describe("`jobId` (uuid) of the `202` answer; the same as its `requestId`."),
});
