import "server-only";
import { and, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { redact } from "@/lib/log/logger";
import { getStore } from "@/lib/store/db";
import { auditLog } from "@/lib/store/schema";

export type AuditOutcome = "success" | "failure" | "unknown";

export interface AuditEntry {
  clientId: string;
  operationId: string;
  target?: string | null;
  outcome: AuditOutcome;
  errorCode?: string | null;
  idempotencyKey?: string | null;
  detail?: Record<string, unknown>;
}

/** Records one mutating action; `detail` passes through the log redactor, so no key survives. */
export async function recordAudit(entry: AuditEntry) {
  const db = await getStore();
  await db.insert(auditLog).values({
    clientId: entry.clientId,
    operationId: entry.operationId,
    target: entry.target ?? null,
    outcome: entry.outcome,
    errorCode: entry.errorCode ?? null,
    idempotencyKey: entry.idempotencyKey ?? null,
    detail: entry.detail ? (redact(entry.detail) as Record<string, unknown>) : null,
  });
}

export interface AuditFilters {
  operationId?: string;
  outcome?: AuditOutcome;
  from?: Date;
  to?: Date;
  target?: string;
}

/** The signed-in Client's own entries, newest first. */
export async function listAudit(clientId: string, filters: AuditFilters, limit = 200) {
  const db = await getStore();
  const where: SQL[] = [eq(auditLog.clientId, clientId)];
  if (filters.operationId) where.push(eq(auditLog.operationId, filters.operationId));
  if (filters.outcome) where.push(eq(auditLog.outcome, filters.outcome));
  if (filters.target) where.push(eq(auditLog.target, filters.target));
  if (filters.from) where.push(gte(auditLog.createdAt, filters.from));
  if (filters.to) where.push(lte(auditLog.createdAt, filters.to));
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
