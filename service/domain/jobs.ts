import { and, eq, inArray } from "drizzle-orm";
import { type ServiceContext } from "../context";
import { type Db, schema } from "../db/database";
import { refundCharge } from "./refunds";
import { newId } from "./ids";
import { type OrderJobFamily, jobStatusPath } from "@/lib/api/contract/operations";
import { ApiError, type Charge } from "../core";

type JobRow = typeof schema.jobs.$inferSelect;

export interface JobTiming {
  publicUrl: string;
  durationMs: number;
}

/** How jobs of this service instance are timed and addressed. */
export function jobTimingOf(service: ServiceContext): JobTiming {
  return { publicUrl: service.config.publicUrl, durationMs: service.config.jobDurationMs };
}

const statusUrlOf = (timing: JobTiming, family: OrderJobFamily, id: string) =>
  `${timing.publicUrl}${jobStatusPath(family, id)}`;
const secondsUntil = (at: Date, now: Date) =>
  Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

/**
 * Accepts work: the outcome (result or error) is decided now and revealed when the job is
 * polled after its ready time. `Location` equals `statusUrl`.
 */
export async function createJob(
  db: Db,
  timing: JobTiming,
  job: {
    family: OrderJobFamily;
    clientId: string;
    vin?: string;
    result?: unknown;
    error?: { code: string; message: string };
    charge?: Charge;
    now: Date;
  },
) {
  const id = newId("job");
  const runningAt = new Date(job.now.getTime() + Math.round(timing.durationMs / 3));
  const readyAt = new Date(job.now.getTime() + timing.durationMs);
  await db.insert(schema.jobs).values({
    id,
    clientId: job.clientId,
    family: job.family,
    status: "queued",
    vin: job.vin ?? null,
    result: job.error ? null : (job.result ?? null),
    error: job.error ?? null,
    chargeEventId: job.charge?.eventId ?? null,
    chargeAmountMinor: job.charge?.amountMinor ?? null,
    chargePayerClientId: job.charge?.payerClientId ?? null,
    createdAt: job.now,
    runningAt,
    readyAt,
    updatedAt: job.now,
  });
  const statusUrl = statusUrlOf(timing, job.family, id);
  const retryAfterSeconds = secondsUntil(runningAt, job.now);
  return {
    status: 202 as const,
    data: {
      jobId: id,
      status: "queued" as const,
      statusUrl,
      retryAfterSeconds,
      createdAt: job.now.toISOString(),
      ...(job.vin ? { vin: job.vin } : {}),
    },
    headers: { Location: statusUrl, "Retry-After": String(retryAfterSeconds) },
  };
}

/** A job of this family that belongs to the Client; any other is unknown (`404 job_not_found`). */
export async function ownJob(db: Db, family: string, clientId: string, jobId: string) {
  const [found] = await db
    .select()
    .from(schema.jobs)
    .where(
      and(
        eq(schema.jobs.id, jobId),
        eq(schema.jobs.clientId, clientId),
        eq(schema.jobs.family, family),
      ),
    )
    .limit(1);
  if (!found)
    throw new ApiError("job_not_found", `No job ${jobId} of this kind belongs to this Client.`);
  return found;
}

/**
 * The job's state as of `now`. Polling is `200` in every state; a pending job carries its retry
 * timing, a failed one its embedded error. A job of another Client or another family is unknown.
 */
export async function readJob(
  db: Db,
  timing: JobTiming,
  family: OrderJobFamily,
  clientId: string,
  jobId: string,
  now: Date,
) {
  let job = await ownJob(db, family, clientId, jobId);
  const terminal = job.status === "succeeded" || job.status === "failed";
  if (!terminal && now >= job.readyAt) {
    const final = job.error ? "failed" : "succeeded";
    const [moved] = await db
      .update(schema.jobs)
      .set({ status: final, updatedAt: now })
      .where(and(eq(schema.jobs.id, job.id), inArray(schema.jobs.status, ["queued", "running"])))
      .returning();
    if (moved) {
      job = moved;
      // A failed job refunds its order, once: the call produced nothing.
      if (final === "failed" && job.chargeEventId) await refundCharge(db, job.chargeEventId);
    } else {
      [job] = (await db.select().from(schema.jobs).where(eq(schema.jobs.id, jobId)).limit(1)) as [
        JobRow,
      ];
    }
  }
  const status =
    job.status === "succeeded" || job.status === "failed"
      ? job.status
      : now >= job.runningAt
        ? "running"
        : "queued";
  const base = {
    jobId: job.id,
    status,
    statusUrl: statusUrlOf(timing, family, job.id),
    createdAt: job.createdAt.toISOString(),
    updatedAt: (status === "running" ? job.runningAt : job.updatedAt).toISOString(),
  };
  if (status === "succeeded")
    return { status: 200 as const, data: { ...base, result: job.result } };
  if (status === "failed") return { status: 200 as const, data: { ...base, error: job.error! } };
  const retryAfterSeconds = secondsUntil(status === "queued" ? job.runningAt : job.readyAt, now);
  return {
    status: 200 as const,
    data: { ...base, retryAfterSeconds },
    headers: { "Retry-After": String(retryAfterSeconds) },
  };
}
