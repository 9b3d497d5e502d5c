import "server-only";
import { and, count, desc, eq, gte, isNotNull, isNull, lt, type SQL } from "drizzle-orm";
import { type CallRecord } from "@/lib/api/client";
import { getStore } from "@/lib/store/db";
import { requestLog } from "@/lib/store/schema";

/** How long the request log keeps a call. */
export const REQUEST_LOG_DAYS = 30;
export const REQUEST_LOG_PAGE_SIZE = 50;

let writes = 0;

/** Records one call; a write that fails never fails the call it describes. */
export async function recordRequest(clientId: string, record: CallRecord) {
  try {
    const db = await getStore();
    await db.insert(requestLog).values({ clientId, ...record });
    // Old entries go now and then, not on every call.
    if (++writes % 200 === 1)
      await db
        .delete(requestLog)
        .where(lt(requestLog.createdAt, new Date(Date.now() - REQUEST_LOG_DAYS * 86_400_000)));
  } catch {
    // The log is a convenience; the call's own outcome stands.
  }
}

export type RequestOutcome = "all" | "success" | "refused" | "unanswered";

export interface RequestFilters {
  operationId?: string;
  outcome: RequestOutcome;
  billingSource?: string;
  page: number;
}

export async function listRequests(clientId: string, filters: RequestFilters) {
  const db = await getStore();
  const conditions: (SQL | undefined)[] = [
    eq(requestLog.clientId, clientId),
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
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(requestLog)
    .where(where);
  const pages = Math.max(1, Math.ceil(total / REQUEST_LOG_PAGE_SIZE));
  const page = Math.min(Math.max(1, filters.page), pages);
  const rows = await db
    .select()
    .from(requestLog)
    .where(where)
    .orderBy(desc(requestLog.createdAt), desc(requestLog.id))
    .limit(REQUEST_LOG_PAGE_SIZE)
    .offset((page - 1) * REQUEST_LOG_PAGE_SIZE);
  return { rows, total, page, pages };
}

/** The operations the Client's log holds, for the filter. */
export async function loggedOperations(clientId: string): Promise<string[]> {
  const db = await getStore();
  const rows = await db
    .selectDistinct({ operationId: requestLog.operationId })
    .from(requestLog)
    .where(eq(requestLog.clientId, clientId));
  return rows.map((r) => r.operationId).sort();
}
