import "server-only";
import { and, eq, gte, isNotNull, isNull, type SQL } from "drizzle-orm";
import { type CallRecord } from "@/lib/api/client";
import { processState } from "@/lib/process-state";
import { getStore } from "@/lib/store/db";
import { type LogCursor } from "@/lib/log-cursor";
import { logPage } from "@/lib/store/log-pages";
import { requestLog } from "@/lib/store/schema";

export const REQUEST_LOG_PAGE_SIZE = 50;

/** Written together, shortly after the calls, so no page waits for its own log. */
const FLUSH_AFTER_MS = 20;
const MAX_PENDING = 5_000;

// One buffer per process: calls made by route handlers and by pages (bundled apart) are written,
// and flushed by a reader of the log, together.
const log = processState("request-log", () => ({
  pending: [] as (typeof requestLog.$inferInsert)[],
  scheduled: undefined as ReturnType<typeof setTimeout> | undefined,
  flushing: Promise.resolve(),
}));

/** Whose call: the organization whose people read its entry, and the Client it called as. */
export interface RequestLogOwner {
  organizationId: string;
  clientId: string;
}

/**
 * Records one call without waiting for the write: entries are written in one statement a few
 * milliseconds later (the log is a convenience; a call never waits for, or fails with, its entry).
 * Bounded: past `MAX_PENDING` unwritten entries (a store that stopped answering) new ones are
 * dropped.
 */
export async function recordRequest(owner: RequestLogOwner, record: CallRecord) {
  if (log.pending.length >= MAX_PENDING) return;
  log.pending.push({ ...owner, ...record, createdAt: new Date() });
  log.scheduled ??= setTimeout(() => void flushRequestLog(), FLUSH_AFTER_MS);
}

/** Writes what is pending now; readers of the log call it first, so they see their own calls. */
export function flushRequestLog(): Promise<void> {
  if (log.scheduled) clearTimeout(log.scheduled);
  log.scheduled = undefined;
  const batch = log.pending;
  log.pending = [];
  log.flushing = log.flushing.then(async () => {
    if (batch.length === 0) return;
    try {
      const db = await getStore();
      await db.insert(requestLog).values(batch);
    } catch {
      // The log is a convenience; the calls' own outcomes stand.
    }
  });
  return log.flushing;
}

export type RequestOutcome = "all" | "success" | "refused" | "unanswered";

export interface RequestFilters {
  operationId?: string;
  outcome: RequestOutcome;
  billingSource?: string;
  cursor: LogCursor | null;
}

export async function listRequests(organizationId: string, filters: RequestFilters) {
  await flushRequestLog();
  const conditions: (SQL | undefined)[] = [
    eq(requestLog.organizationId, organizationId),
    filters.operationId ? eq(requestLog.operationId, filters.operationId) : undefined,
    filters.billingSource ? eq(requestLog.billingSource, filters.billingSource) : undefined,
    filters.outcome === "success"
      ? and(isNull(requestLog.errorCode), isNotNull(requestLog.status))
      : filters.outcome === "refused"
        ? and(isNotNull(requestLog.errorCode), gte(requestLog.status, 400))
        : filters.outcome === "unanswered"
          ? isNull(requestLog.status)
          : undefined,
  ];
  const where = and(...conditions);
  return logPage(requestLog, where, { cursor: filters.cursor, pageSize: REQUEST_LOG_PAGE_SIZE });
}
