import {
  and,
  desc,
  eq,
  getTableColumns,
  gte,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
} from "drizzle-orm";
import type pg from "pg";
import { type Logger } from "@/lib/log/logger";
import { type PoolDb, schema } from "../db/database";

export type JournalEntry = typeof schema.sandboxJournal.$inferInsert;
export type JournalRow = typeof schema.sandboxJournal.$inferSelect;

export interface JournalFilter {
  operationId?: string;
  status?: number;
  errorCode?: string;
  /** Only calls a fault rule affected (true) or none did (false). */
  faulted?: boolean;
  /** Entries older than this id (the next page). */
  before?: number;
  limit: number;
}

/**
 * The sandbox controls' request journal (a reference-service extension): every call of a known
 * caller, as metadata only (never a key, a body or personal-document content), written off the
 * call's path: entries wait in a bounded buffer and go to the database in one statement every
 * `flushMs`. Each Master's family keeps its last `perMaster` entries: a read never returns an
 * older one, and pruning deletes them off the call's path.
 */
export class RequestJournal {
  private pending: JournalEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** Entries given up because the buffer was full (the database could not keep up). */
  dropped = 0;
  /** Masters written to since the last pruning, and when that was. */
  private written = new Set<string>();
  private prunedAt = 0;

  constructor(
    private readonly db: PoolDb,
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    readonly perMaster = 1_000,
    private readonly maxPending = 20_000,
    private readonly flushMs = 50,
    private readonly pruneMs = 5_000,
  ) {}

  record(entry: JournalEntry) {
    if (this.pending.length >= this.maxPending) {
      this.dropped++;
      return;
    }
    this.pending.push(entry);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /** Writes what waits; a reader calls it first, so it sees this instance's calls at once. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    try {
      // One statement with one array per column: cheap to build, whatever the batch size.
      const column = <K extends keyof JournalEntry>(k: K) => batch.map((e) => e[k] ?? null);
      await this.pool.query(
        `insert into sandbox_journal (master_client_id, client_id, request_id, at, operation_id, status,
           delivered, error_code, billing_source, charged_minor, idempotency_key, duration_ms, fault_rule_id)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::int[],
           $7::boolean[], $8::text[], $9::text[], $10::int[], $11::text[], $12::float8[], $13::text[])`,
        [
          column("masterClientId"),
          column("clientId"),
          column("requestId"),
          column("at"),
          column("operationId"),
          column("status"),
          batch.map((e) => e.delivered ?? true),
          column("errorCode"),
          column("billingSource"),
          column("chargedMinor"),
          column("idempotencyKey"),
          column("durationMs"),
          column("faultRuleId"),
        ],
      );
      for (const master of new Set(batch.map((e) => e.masterClientId))) this.written.add(master);
      if (Date.now() - this.prunedAt >= this.pruneMs) await this.prune();
    } catch (error) {
      this.log.warn("request journal entries could not be written", {
        entries: batch.length,
        error,
      });
    }
  }

  /**
   * Keeps each written Master's last `perMaster` entries: one indexed step to the oldest entry
   * kept, one ranged delete below it.
   */
  private async prune() {
    const masters = [...this.written];
    this.written.clear();
    this.prunedAt = Date.now();
    for (const master of masters)
      await this.db.execute(sql`
        delete from sandbox_journal
         where master_client_id = ${master}
           and id < (select id from sandbox_journal where master_client_id = ${master}
                      order by id desc offset ${this.perMaster - 1} limit 1)`);
  }

  /**
   * A page of the family's entries, newest first, each with how its charge ended: `refunded`
   * when the call's charge was given back (the call failed, or its answer was never delivered).
   */
  async read(
    masterClientId: string,
    filter: JournalFilter,
  ): Promise<(JournalRow & { refunded: boolean })[]> {
    await this.flush();
    const t = schema.sandboxJournal;
    const where: (SQL | undefined)[] = [eq(t.masterClientId, masterClientId)];
    if (filter.operationId) where.push(eq(t.operationId, filter.operationId));
    if (filter.status !== undefined) where.push(eq(t.status, filter.status));
    if (filter.errorCode) where.push(eq(t.errorCode, filter.errorCode));
    if (filter.faulted !== undefined)
      where.push(filter.faulted ? isNotNull(t.faultRuleId) : isNull(t.faultRuleId));
    if (filter.before !== undefined) where.push(lt(t.id, filter.before));
    // Entries past the bound wait for the next pruning; a reader never sees them.
    where.push(
      gte(
        t.id,
        sql`coalesce((select k.id from sandbox_journal k where k.master_client_id = ${masterClientId}
                       order by k.id desc offset ${this.perMaster - 1} limit 1), 0)`,
      ),
    );
    return this.db
      .select({
        ...getTableColumns(t),
        // Written out whole: Drizzle leaves a column unqualified here, and "client_id" =
        // "client_id" inside the subquery compared each usage event with itself.
        refunded: sql<boolean>`exists (select 1 from usage_events refund
          where refund.status = 'refunded' and refund.request_id = sandbox_journal.request_id
            and refund.client_id = sandbox_journal.client_id)`,
      })
      .from(t)
      .where(and(...where))
      .orderBy(desc(t.id))
      .limit(filter.limit);
  }

  async close() {
    await this.flush();
    this.prunedAt = 0;
    await this.flushing.then(() => this.prune()).catch(() => undefined);
  }
}
