import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { JobQuarantinedError, type JobStatusReading, ServiceError } from "@/lib/api/client";
import { firstRow } from "@/lib/db/first-row";
import { logCursorOf } from "@/lib/log-cursor";
import { logPage } from "@/lib/store/log-pages";
import { getStore } from "@/lib/store/db";
import { jobRecords } from "@/lib/store/schema";
import { type ServiceMetadata } from "@/lib/api/contract/headers";
import { receiptOf } from "@/lib/billing/receipt-facts";
import { type ConsoleJobStatus, isFinal, type TrackedJob } from "./job-families";
import { type JobFamily } from "@/lib/api/contract/operations";
import { JOBS_PAGE_SIZE, type JobsListParams, type JobStatusFilter } from "./jobs-list";

type Row = typeof jobRecords.$inferSelect;

/**
 * Who started a job: the organization whose people see it (and nobody else, the same Client's
 * other organization included), and its Client.
 */
export interface JobOwner {
  organizationId: string;
  clientId: string;
}

/** What an order answered, in the shape every typed operation result shares. */
export interface OrderResponse {
  status: number;
  data: unknown;
  metadata: Partial<ServiceMetadata>;
}

function toView(row: Row): TrackedJob {
  return {
    id: row.id,
    family: row.family as JobFamily,
    status: row.status as ConsoleJobStatus,
    input: row.input,
    result: row.result ?? null,
    error: row.error ?? null,
    quarantine: row.quarantine ?? null,
    retryAfterSeconds: row.retryAfterSeconds ?? null,
    receipt: row.receipt ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Records what an order answered: an immediate result, an accepted job to poll, or a quarantined
 * one (its `Location` did not match its `statusUrl`, so it is never polled).
 */
export async function recordStart(
  owner: JobOwner,
  family: JobFamily,
  input: Record<string, unknown>,
  outcome: { response: OrderResponse } | { quarantined: JobQuarantinedError },
): Promise<string> {
  const db = await getStore();
  const id = randomUUID();
  const base = {
    id,
    organizationId: owner.organizationId,
    clientId: owner.clientId,
    family,
    input,
  };
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
  // Every order the console follows is a billable operation's.
  const receipt = receiptOf(metadata, { billable: true });
  if (status === 202) {
    const accepted = data as {
      jobId: string;
      statusUrl: string;
      status?: "queued" | "running";
      retryAfterSeconds: number;
    };
    await db.insert(jobRecords).values({
      ...base,
      receipt,
      // An Intelligence job's 202 need not say which pending state it is in.
      status: accepted.status ?? "queued",
      serviceJobId: accepted.jobId,
      statusUrl: accepted.statusUrl,
      retryAfterSeconds: Math.max(accepted.retryAfterSeconds, metadata.retryAfterSeconds ?? 0),
    });
  } else {
    await db
      .insert(jobRecords)
      .values({ ...base, receipt, status: "succeeded", result: data as Record<string, unknown> });
  }
  return id;
}

const STATUS_SETS: Record<JobStatusFilter, ConsoleJobStatus[] | null> = {
  all: null,
  unfinished: ["queued", "running"],
  succeeded: ["succeeded"],
  failed: ["failed"],
  quarantined: ["quarantined"],
};

/** One page of the organization's jobs as the list's address asks, and where the pages around it start. */
export async function listJobs(
  organizationId: string,
  params: Pick<JobsListParams, "kind" | "status" | "sort" | "next" | "prev"> = {
    kind: "all",
    status: "all",
    sort: "newest",
    next: "",
    prev: "",
  },
  pageSize = JOBS_PAGE_SIZE,
): Promise<{ jobs: TrackedJob[]; previous: string | null; next: string | null }> {
  const statuses = STATUS_SETS[params.status];
  const where = and(
    eq(jobRecords.organizationId, organizationId),
    params.kind === "all" ? undefined : eq(jobRecords.family, params.kind),
    statuses ? inArray(jobRecords.status, statuses) : undefined,
  );
  const { rows, ...rest } = await logPage(jobRecords, where, {
    cursor: logCursorOf(params),
    pageSize,
    oldestFirst: params.sort === "oldest",
  });
  return { jobs: rows.map(toView), ...rest };
}

/** A job this console started for the organization; another organization's is not there. */
async function ownJob(organizationId: string, id: string): Promise<Row | undefined> {
  return firstRow(
    await getStore(),
    jobRecords,
    and(eq(jobRecords.id, id), eq(jobRecords.organizationId, organizationId)),
  );
}

export async function getJob(organizationId: string, id: string): Promise<TrackedJob | undefined> {
  const row = await ownJob(organizationId, id);
  return row ? toView(row) : undefined;
}

/**
 * Polls a pending job once and stores what the service said. Only URLs on the service itself are
 * polled; the next poll waits the longer of `Retry-After` and `retryAfterSeconds`.
 */
export async function pollJobOnce(
  readStatus: ReadStatus,
  organizationId: string,
  id: string,
): Promise<TrackedJob | undefined> {
  const row = await ownJob(organizationId, id);
  return row ? pollRow(readStatus, row) : undefined;
}

type ReadStatus = (statusUrl: string) => Promise<JobStatusReading>;

/** When the service said the job may next be read. */
export function nextPollAt(job: Pick<TrackedJob, "updatedAt" | "retryAfterSeconds">): number {
  return Date.parse(job.updatedAt) + Math.max(1, job.retryAfterSeconds ?? 1) * 1000;
}

/**
 * The list's statuses are live: each unfinished job whose poll is due is read once before the
 * list renders (oldest due first, at most `limit`, together within `budgetMs`); the rest keep
 * their stored state and are followed in the browser at the service's pace.
 */
export async function refreshDueJobs(
  readStatus: ReadStatus,
  organizationId: string,
  jobs: TrackedJob[],
  options: { limit?: number; budgetMs?: number; now?: number } = {},
): Promise<TrackedJob[]> {
  const now = options.now ?? Date.now();
  const deadline = now + (options.budgetMs ?? 2_000);
  const due = jobs
    .filter((j) => !isFinal(j.status) && nextPollAt(j) <= now)
    .sort((a, b) => nextPollAt(a) - nextPollAt(b))
    .slice(0, options.limit ?? 10);
  const fresh = new Map<string, TrackedJob>();
  for (const job of due) {
    if (Date.now() > deadline) break;
    const polled = await pollJobOnce(readStatus, organizationId, job.id).catch(() => undefined);
    if (polled) fresh.set(job.id, polled);
  }
  return jobs.map((j) => fresh.get(j.id) ?? j);
}

async function pollRow(readStatus: ReadStatus, row: Row): Promise<TrackedJob> {
  const db = await getStore();
  const id = row.id;
  if (isFinal(row.status as ConsoleJobStatus) || !row.statusUrl) return toView(row);
  try {
    const reading = await readStatus(row.statusUrl);
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

/** An organization's latest jobs that match `where`, newest first (by when they were last changed, with `byUpdate`). */
async function latestJobs(
  organizationId: string,
  where: SQL,
  limit: number,
  byUpdate = false,
): Promise<TrackedJob[]> {
  const db = await getStore();
  const rows = await db
    .select()
    .from(jobRecords)
    .where(and(eq(jobRecords.organizationId, organizationId), where))
    .orderBy(desc(byUpdate ? jobRecords.updatedAt : jobRecords.createdAt), desc(jobRecords.id))
    .limit(limit);
  return rows.map(toView);
}

/** The organization's latest jobs of the given kinds, newest first. */
export function recentJobsOf(organizationId: string, families: readonly JobFamily[], limit = 10) {
  return latestJobs(organizationId, inArray(jobRecords.family, [...families]), limit);
}

/** The organization's finished reads of one Intelligence cluster, latest first. */
export function clusterReadsOf(organizationId: string, clusterId: string, limit = 10) {
  const read = and(
    eq(jobRecords.family, "part_intelligence"),
    eq(jobRecords.status, "succeeded"),
    sql`${jobRecords.result} -> 'cluster' ->> 'clusterId' = ${clusterId}`,
  )!;
  return latestJobs(organizationId, read, limit, true);
}

/** The organization's latest orders for one VIN (parts, cart checks, evaluations), newest first. */
export function jobsForVin(organizationId: string, vin: string, limit = 10) {
  return latestJobs(organizationId, sql`${jobRecords.input} ->> 'vin' = ${vin}`, limit);
}
