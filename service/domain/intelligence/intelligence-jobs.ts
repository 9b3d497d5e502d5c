import { and, eq, inArray } from "drizzle-orm";
import { type IntelligenceJobFamily, jobStatusPath } from "@/lib/api/contract/operations";
import { type Db, schema } from "../../db/database";
import { newUuid } from "../ids";
import { type JobTiming, ownJob } from "../jobs";

/**
 * Intelligence jobs (part refresh, VIN Economic Intelligence): the job id is a UUID and is the
 * request id of the final result. The final result is decided when the job is accepted (it is
 * computed as of the job's ready time) and revealed once that time has come. Polls answer `202`
 * while pending and `200` with the final result; a job never moves between the two families.
 */
const secondsUntil = (at: Date, now: Date) =>
  Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

export interface AcceptedIntelligenceJob {
  jobId: string;
  runningAt: Date;
  readyAt: Date;
}

/** The job's id and times, before its result is computed (the result repeats the id). */
export function planIntelligenceJob(timing: JobTiming, now: Date): AcceptedIntelligenceJob {
  return {
    jobId: newUuid(),
    runningAt: new Date(now.getTime() + Math.round(timing.durationMs / 3)),
    readyAt: new Date(now.getTime() + timing.durationMs),
  };
}

function pendingBody(
  timing: JobTiming,
  family: IntelligenceJobFamily,
  jobId: string,
  status: "queued" | "running",
  reason: string,
  retryAfterSeconds: number,
) {
  const statusUrl = `${timing.publicUrl}${jobStatusPath(family, jobId)}`;
  return {
    status: 202 as const,
    data: { requestId: jobId, jobId, status, statusUrl, reason, retryAfterSeconds },
    headers: { Location: statusUrl, "Retry-After": String(retryAfterSeconds) },
  };
}

export async function acceptIntelligenceJob(
  db: Db,
  timing: JobTiming,
  job: AcceptedIntelligenceJob & {
    family: IntelligenceJobFamily;
    clientId: string;
    reason: string;
    vin?: string;
    result: unknown;
    now: Date;
  },
) {
  await db.insert(schema.jobs).values({
    id: job.jobId,
    clientId: job.clientId,
    family: job.family,
    status: "queued",
    vin: job.vin ?? null,
    // The reason travels with the result so pending polls can repeat it.
    result: { reason: job.reason, final: job.result },
    error: null,
    createdAt: job.now,
    runningAt: job.runningAt,
    readyAt: job.readyAt,
    updatedAt: job.now,
  });
  return pendingBody(
    timing,
    job.family,
    job.jobId,
    "queued",
    job.reason,
    secondsUntil(job.runningAt, job.now),
  );
}

export async function readIntelligenceJob(
  db: Db,
  timing: JobTiming,
  family: IntelligenceJobFamily,
  clientId: string,
  jobId: string,
  now: Date,
) {
  const job = await ownJob(db, family, clientId, jobId);
  const stored = job.result as { reason: string; final: unknown };
  if (now >= job.readyAt) {
    if (job.status !== "succeeded")
      await db
        .update(schema.jobs)
        .set({ status: "succeeded", updatedAt: now })
        .where(and(eq(schema.jobs.id, job.id), inArray(schema.jobs.status, ["queued", "running"])));
    return { status: 200 as const, data: stored.final };
  }
  const running = now >= job.runningAt;
  return pendingBody(
    timing,
    family,
    job.id,
    running ? "running" : "queued",
    stored.reason,
    secondsUntil(running ? job.readyAt : job.runningAt, now),
  );
}
