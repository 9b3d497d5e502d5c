import "server-only";
import { and, eq, gte, lte, type SQL } from "drizzle-orm";
import { consoleLog } from "@/lib/log/console-log";
import { redact, redactText } from "@/lib/log/logger";
import { getStore } from "@/lib/store/db";
import { withoutInvisibleCharacters } from "@/lib/validation/invisible-characters";
import { type AuditedOperation } from "@/lib/audit-labels";
import { type LogCursor, logCursorOf } from "@/lib/log-cursor";
import { logPage } from "@/lib/store/log-pages";
import { auditLog } from "@/lib/store/schema";

export type AuditOutcome = "success" | "failure" | "unknown";

/** Who acted, as a session knows it. */
export interface AuditActor {
  organizationId: string;
  actor: { kind: "key" } | { kind: "person"; personId: string; email: string };
  role: string;
}

export interface AuditEntry {
  /**
   * The session that acted, or the membership a refused sign-in was for (a known person's);
   * none for what nobody known did (a key that was refused).
   */
  session?: AuditActor;
  /** Who, when there is no session yet (a sign-in): a person's address, or "API key". */
  actorLabel?: string;
  /** Whose log the entry is in, when there is no session: the organization signed in to. */
  organizationId?: string;
  clientId: string;
  operationId: AuditedOperation;
  target?: string | null;
  outcome: AuditOutcome;
  errorCode?: string | null;
  idempotencyKey?: string | null;
  detail?: Record<string, unknown>;
}

function actorColumns(entry: AuditEntry) {
  const who = entry.session?.actor;
  return {
    actorPersonId: who?.kind === "person" ? who.personId : null,
    actor: who ? (who.kind === "person" ? who.email : "API key") : (entry.actorLabel ?? null),
    actorRole: entry.session?.role ?? null,
    organizationId: entry.session?.organizationId ?? entry.organizationId ?? null,
  };
}

/**
 * Records an entry after the act it describes has happened: a failed write is logged, never shown
 * to the person (telling them their act failed would be untrue).
 */
export async function recordAuditOrLog(entry: AuditEntry): Promise<void> {
  await recordAudit(entry).catch((error: unknown) =>
    consoleLog().error("audit write failed", { error }),
  );
}

/**
 * Text as the log keeps it: control and bidirectional-override characters dropped (PostgreSQL
 * refuses a NUL, so one typed into a request's target would cost the entry itself), and what
 * looks like a key or an address's secret redacted.
 */
export function auditText(text: string): string {
  return redactText(withoutInvisibleCharacters(text));
}

/** Records one mutating action; every text passes through `auditText`, so no key survives. */
export async function recordAudit(entry: AuditEntry) {
  const db = await getStore();
  const text = (value: string | null | undefined) => (value == null ? null : auditText(value));
  const actor = actorColumns(entry);
  await db.insert(auditLog).values({
    clientId: auditText(entry.clientId),
    operationId: entry.operationId,
    target: text(entry.target),
    outcome: entry.outcome,
    errorCode: text(entry.errorCode),
    idempotencyKey: text(entry.idempotencyKey),
    // The log redactor's walk, every text and field name in it as `auditText` keeps it.
    detail: entry.detail
      ? (redact(entry.detail, auditText, auditText) as Record<string, unknown>)
      : null,
    ...actor,
    actor: text(actor.actor),
  });
}

export interface AuditFilters {
  operationId?: string;
  outcome?: AuditOutcome;
  from?: Date;
  to?: Date;
  target?: string;
}

export type AuditRow = typeof auditLog.$inferSelect;

function whereOf(organizationId: string, filters: AuditFilters): SQL | undefined {
  const where: SQL[] = [eq(auditLog.organizationId, organizationId)];
  if (filters.operationId) where.push(eq(auditLog.operationId, filters.operationId));
  if (filters.outcome) where.push(eq(auditLog.outcome, filters.outcome));
  if (filters.target) where.push(eq(auditLog.target, filters.target));
  if (filters.from) where.push(gte(auditLog.createdAt, filters.from));
  if (filters.to) where.push(lte(auditLog.createdAt, filters.to));
  return and(...where);
}

/** One page of the organization's own entries, newest first, and how many match in all. */
export async function listAudit(
  organizationId: string,
  filters: AuditFilters,
  paging: { cursor: LogCursor | null; pageSize: number },
): Promise<{ entries: AuditRow[]; previous: string | null; next: string | null }> {
  const where = whereOf(organizationId, filters);
  const { rows: entries, ...rest } = await logPage(auditLog, where, paging);
  return { entries, ...rest };
}

/**
 * Every matching entry, newest first, in batches (for the CSV export): the log's own pages by
 * position, so a long export neither holds everything in memory nor skips or repeats an entry.
 */
export async function* allAudit(
  organizationId: string,
  filters: AuditFilters,
  batchSize = 1_000,
): AsyncGenerator<AuditRow[]> {
  let cursor: LogCursor | null = null;
  for (;;) {
    const { rows, next } = await logPage(auditLog, whereOf(organizationId, filters), {
      cursor,
      pageSize: batchSize,
    });
    if (rows.length) yield rows;
    if (!next) return;
    cursor = logCursorOf({ next });
  }
}

export async function getAuditEntry(
  organizationId: string,
  id: number,
): Promise<AuditRow | undefined> {
  const db = await getStore();
  const [row] = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.id, id)))
    .limit(1);
  return row;
}
