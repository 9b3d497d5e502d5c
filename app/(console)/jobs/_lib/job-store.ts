import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { JobQuarantinedError, readJobStatus, ServiceError } from "@/lib/api/client";
import { serviceTransport } from "@/lib/api/console-service";
import { firstRow } from "@/lib/db/first-row";
import { getStore } from "@/lib/store/db";
import { jobRecords } from "@/lib/store/schema";
import { type ConsoleJobStatus, isFinal, type JobFamily, type JobView } from "./job-families";

type Row = typeof jobRecords.$inferSelect;

/** What an order answered, in the shape every typed operation result shares. */
export interface OrderResponse {
  status: number;
  data: unknown;
  metadata: { retryAfterSeconds?: number };
}

function toView(row: Row): JobView {
  return {
    id: row.id,
    family: row.family as JobFamily,
    status: row.status as ConsoleJobStatus,
    input: row.input,
    result: row.result ?? null,
    error: row.error ?? null,
    quarantine: row.quarantine ?? null,
    retryAfterSeconds: row.retryAfterSeconds ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Records what an order answered: an immediate result, an accepted job to poll, or a quarantined
 * one (its `Location` did not match its `statusUrl`, so it is never polled).
 */
export async function recordStart(
  clientId: string,
  family: JobFamily,
  input: Record<string, unknown>,
  outcome: { response: OrderResponse } | { quarantined: JobQuarantinedError },
): Promise<string> {
  const db = await getStore();
  const id = randomUUID();
  const base = { id, clientId, family, input };
  if ("quarantined" in outcome) {
    const q = outcome.quarantined;
    await db.insert(jobRecords).values({
      ...base,
      status: "quarantined",
      quarantine: { statusUrl: q.statusUrl, location: q.location ?? null },
    });
    return id;
  }
  const { status, data, metadata } = outcome.response;
  if (status === 202) {
    const accepted = data as {
      jobId: string;
      statusUrl: string;
      status: "queued" | "running";
      retryAfterSeconds: number;
    };
    await db.insert(jobRecords).values({
      ...base,
      status: accepted.status,
      serviceJobId: accepted.jobId,
      statusUrl: accepted.statusUrl,
      retryAfterSeconds: Math.max(accepted.retryAfterSeconds, metadata.retryAfterSeconds ?? 0),
    });
  } else {
    await db
      .insert(jobRecords)
      .values({ ...base, status: "succeeded", result: data as Record<string, unknown> });
  }
  return id;
}

export async function listJobs(clientId: string, limit = 50): Promise<JobView[]> {
  const db = await getStore();
  const rows = await db
    .select()
    .from(jobRecords)
    .where(eq(jobRecords.clientId, clientId))
    .orderBy(desc(jobRecords.createdAt))
    .limit(limit);
  return rows.map(toView);
}

/** A job this console started for the Client; another Client's is not there. */
async function ownJob(clientId: string, id: string): Promise<Row | undefined> {
  return firstRow(
    await getStore(),
    jobRecords,
    and(eq(jobRecords.id, id), eq(jobRecords.clientId, clientId)),
  );
}

export async function getJob(clientId: string, id: string): Promise<JobView | undefined> {
  const row = await ownJob(clientId, id);
  return row ? toView(row) : undefined;
}

/**
 * Polls a pending job once and stores what the service said. Only URLs on the service itself are
 * polled; the next poll waits the longer of `Retry-After` and `retryAfterSeconds`.
 */
export async function pollJobOnce(
  apiKey: string,
  clientId: string,
  id: string,
): Promise<JobView | undefined> {
  const db = await getStore();
  const row = await ownJob(clientId, id);
  if (!row) return undefined;
  if (isFinal(row.status as ConsoleJobStatus) || !row.statusUrl) return toView(row);
  try {
    const reading = await readJobStatus(serviceTransport(), apiKey, row.statusUrl);
    const [moved] = await db
      .update(jobRecords)
      .set({
        status: reading.status,
        result: reading.status === "succeeded" ? (reading.result ?? null) : null,
        error: reading.status === "failed" ? (reading.error ?? null) : null,
        retryAfterSeconds: reading.nextPollSeconds ?? null,
        updatedAt: new Date(),
      })
      .where(eq(jobRecords.id, id))
      .returning();
    return toView(moved!);
  } catch (error) {
    // Never polled: the status address is not the service's own.
    if (error instanceof JobQuarantinedError) {
      const [moved] = await db
        .update(jobRecords)
        .set({
          status: "quarantined",
          quarantine: { statusUrl: row.statusUrl, location: null },
          updatedAt: new Date(),
        })
        .where(eq(jobRecords.id, id))
        .returning();
      return toView(moved!);
    }
    // A refused poll changes nothing here: the job is not re-ordered, the next poll tries again.
    if (error instanceof ServiceError)
      return {
        ...toView(row),
        retryAfterSeconds: Math.max(row.retryAfterSeconds ?? 1, error.retryAfterSeconds ?? 1),
      };
    throw error;
  }
}
