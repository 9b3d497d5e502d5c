import "server-only";
import { and, lt, notInArray, sql, type SQL } from "drizzle-orm";
import { type PgTable } from "drizzle-orm/pg-core";
import { consoleConfig } from "@/lib/config/console-env";
import { createLogger } from "@/lib/log/logger";
import { getStore } from "@/lib/store/db";
import { claimScheduledRound } from "@/lib/store/scheduled-rounds";
import { auditLog, jobRecords, requestLog, usageReadings } from "@/lib/store/schema";

const DAY_MS = 86_400_000;

/** Rows deleted per statement: a long log is trimmed in short transactions, not one long lock. */
const BATCH = 5_000;

/** How often the retention round runs, once across every console instance on the store. */
export const RETENTION_ROUND_SECONDS = 3_600;

/** Jobs still followed are kept whatever their age: only a finished job's record ages out. */
const UNFINISHED_JOBS = ["queued", "running"];

/**
 * How long the console keeps what grows with use, in days. The audit log and job records follow
 * the operator's settings; the request log is a month of diagnostics; usage readings are a year
 * and a bit, enough to compare a month with last year's.
 */
export function retentionDays() {
  const config = consoleConfig();
  return {
    auditLog: config.CONSOLE_AUDIT_RETENTION_DAYS,
    jobRecords: config.CONSOLE_JOB_RETENTION_DAYS,
    requestLog: 30,
    usageReadings: 400,
  };
}

export type Retained = keyof ReturnType<typeof retentionDays>;

/** Deletes the rows `where` selects, a batch at a time; returns how many went. */
async function deleteInBatches(table: PgTable, where: SQL): Promise<number> {
  const db = await getStore();
  let deleted = 0;
  for (;;) {
    const result = await db.execute(
      sql`delete from ${table} where ctid in (select ctid from ${table} where ${where} limit ${BATCH})`,
    );
    const count = result.rowCount ?? 0;
    deleted += count;
    if (count < BATCH) return deleted;
  }
}

/** Deletes everything past its retention at `now`; returns how many rows went from each. */
export async function pruneExpired(now = new Date()): Promise<Record<Retained, number>> {
  const days = retentionDays();
  const before = (d: number) => new Date(now.getTime() - d * DAY_MS);
  return {
    auditLog: await deleteInBatches(auditLog, lt(auditLog.createdAt, before(days.auditLog))),
    jobRecords: await deleteInBatches(
      jobRecords,
      and(
        // Aged from when it finished (its last change), not from when it was ordered.
        lt(jobRecords.updatedAt, before(days.jobRecords)),
        notInArray(jobRecords.status, UNFINISHED_JOBS),
      )!,
    ),
    requestLog: await deleteInBatches(
      requestLog,
      lt(requestLog.createdAt, before(days.requestLog)),
    ),
    usageReadings: await deleteInBatches(
      usageReadings,
      lt(usageReadings.takenAt, before(days.usageReadings)),
    ),
  };
}

/** One period's round, run by the instance whose claim lands; null when another instance has it. */
export async function retentionRound(now = new Date()) {
  if (!(await claimScheduledRound("retention", RETENTION_ROUND_SECONDS, now))) return null;
  return pruneExpired(now);
}

let timer: NodeJS.Timeout | undefined;

/** Starts the retention schedule once per console process (called from `instrumentation.ts`). */
export function startRetentionSchedule(): void {
  if (timer) return;
  const log = createLogger("retention", consoleConfig().LOG_LEVEL);
  let running = false;
  const tick = async () => {
    // A round with a long backlog may outlast its period: the next waits for it.
    if (running) return;
    running = true;
    try {
      const pruned = await retentionRound();
      if (pruned) log.info("expired entries deleted", pruned);
    } catch (error) {
      log.warn("retention round failed", { error });
    } finally {
      running = false;
    }
  };
  // Soon after start (a console that restarts often still trims), then every period.
  setTimeout(() => void tick(), 60_000).unref();
  timer = setInterval(() => void tick(), RETENTION_ROUND_SECONDS * 1000);
  timer.unref();
}
