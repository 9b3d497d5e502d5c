import { and, desc, eq, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
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
 * `flushMs`. Each Master's family keeps its last `perMaster` entries.
 */
export class RequestJournal {
  private pending: JournalEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** Entries given up because the buffer was full (the database could not keep up). */
  dropped = 0;

  constructor(
    private readonly db: PoolDb,
    private readonly log: Logger,
    readonly perMaster = 1_000,
    private readonly maxPending = 20_000,
    private readonly flushMs = 200,
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
      for (let i = 0; i < batch.length; i += 1_000)
        await this.db.insert(schema.sandboxJournal).values(batch.slice(i, i + 1_000));
      const masters = [...new Set(batch.map((e) => e.masterClientId))];
      await this.db.execute(sql`
        delete from sandbox_journal where id in (
          select id from (
            select id, row_number() over (partition by master_client_id order by id desc) as n
              from sandbox_journal where master_client_id = any(${sql.param(masters)}::text[])) ranked
           where n > ${this.perMaster})`);
    } catch (error) {
      this.log.warn("request journal entries could not be written", {
        entries: batch.length,
        error,
      });
    }
  }

  async read(masterClientId: string, filter: JournalFilter): Promise<JournalRow[]> {
    await this.flush();
    const t = schema.sandboxJournal;
    const where: (SQL | undefined)[] = [eq(t.masterClientId, masterClientId)];
    if (filter.operationId) where.push(eq(t.operationId, filter.operationId));
    if (filter.status !== undefined) where.push(eq(t.status, filter.status));
    if (filter.errorCode) where.push(eq(t.errorCode, filter.errorCode));
    if (filter.faulted !== undefined)
      where.push(filter.faulted ? isNotNull(t.faultRuleId) : isNull(t.faultRuleId));
    if (filter.before !== undefined) where.push(lt(t.id, filter.before));
    return this.db
      .select()
      .from(t)
      .where(and(...where))
      .orderBy(desc(t.id))
      .limit(filter.limit);
  }

  async close() {
    await this.flush();
  }
}
