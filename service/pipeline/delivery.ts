import { randomUUID } from "node:crypto";
import { type ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Logger } from "@/lib/log/logger";
import { type ServiceDatabase } from "../db/database";
import { refundCharge } from "../domain/refunds";

/** Advisory-lock seed: each running instance holds the lock derived from its id. */
const INSTANCE_LOCK_SEED = 40_100_004;
/**
 * How long delivered answers wait to be confirmed together. An answer delivered in this window
 * before a crash is refunded with the undelivered ones (free, never charged twice): 10 ms gave
 * 5 free answers in 3 kills under `npm run bench:crash` (100 ms gave 26; 0 ms none, at one
 * statement per answer), and keeps the confirmations to at most 100 statements a second.
 */
const FLUSH_DELAY_MS = 10;
/** Confirmations kept while the database is unreachable; past this the oldest wait for a sweep. */
const MAX_QUEUED_CONFIRMATIONS = 100_000;

/**
 * Settles charges whose only outcome is the answer itself (a billable call without an
 * Idempotency-Key: nothing can be replayed, and a job's id travels only in its `202`).
 *
 * Such a charge commits with its work, marked `pending_delivery`. Once the answer has been
 * handed to the connection the mark is cleared (in batches, off the request's path); if the
 * caller is gone first, the charge is refunded at once. If the instance dies before either, the
 * charges it left pending are refunded by the next sweep of any instance: a running instance
 * holds an advisory lock for its whole life, so a lock that can be taken belongs to a dead one.
 * An answer that did reach its caller in the last `FLUSH_DELAY_MS` before a crash is then free,
 * never charged twice.
 */
export interface DeliveryLedger {
  readonly instanceId: string;
  /** Follows the answer of a committed charge marked pending (`source`: its billing source). */
  watch(outgoing: ServerResponse, eventId: number, requestId: string, source: string): void;
  /** Refunds the pending charges of instances that are no longer running; returns how many. */
  sweep(): Promise<number>;
  /** Writes the confirmations gathered so far. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export async function openDeliveryLedger(
  database: ServiceDatabase,
  databaseUrl: string,
  log: Logger,
  /** Told of every charge refunded because its answer was not delivered (for metrics). */
  onRefunded: (source: string, count: number) => void = () => {},
): Promise<DeliveryLedger> {
  const instanceId = randomUUID();
  // Its own connection: the lock lives exactly as long as this instance's hold on the database.
  const holder = new pg.Client({ connectionString: databaseUrl });
  holder.on("error", (error) => log.warn("instance lock connection lost", { error }));
  await holder.connect();
  await holder.query("select pg_advisory_lock(hashtextextended($1, $2))", [
    instanceId,
    INSTANCE_LOCK_SEED,
  ]);

  let queue: number[] = [];
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const flushNow = async () => {
    timer = undefined;
    if (queue.length === 0) return;
    const ids = queue;
    queue = [];
    try {
      await database.db.execute(sql`
        update usage_events set pending_delivery = false
         where id = any(${`{${ids.join(",")}}`}::bigint[]) and pending_delivery`);
    } catch (error) {
      log.warn("confirming delivered answers failed; will retry", { error, count: ids.length });
      queue = [...ids, ...queue].slice(-MAX_QUEUED_CONFIRMATIONS);
      schedule();
    }
  };
  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      flushing = flushing.then(flushNow);
    }, FLUSH_DELAY_MS);
    timer.unref();
  };

  const flush = async () => {
    if (timer) clearTimeout(timer);
    flushing = flushing.then(flushNow);
    await flushing;
  };

  return {
    instanceId,
    watch(outgoing, eventId, requestId, source) {
      let settled = false;
      // Delivered only once "finish" says the whole answer went to the operating system. A
      // connection closed first never got it, even if the response was ended on a socket already
      // gone (then `writableFinished` reads true, yet nothing was sent).
      const settle = (delivered: boolean) => {
        if (settled) return;
        settled = true;
        if (delivered) {
          queue.push(eventId);
          if (queue.length > MAX_QUEUED_CONFIRMATIONS) queue.shift();
          schedule();
          return;
        }
        refundCharge(database.db, eventId).then(
          (refunded) => {
            if (refunded) onRefunded(source, 1);
            log.info("answer not delivered; call refunded", { requestId, refunded });
          },
          (error: unknown) =>
            log.warn("refunding an undelivered answer failed; a sweep will", { requestId, error }),
        );
      };
      // The caller may have gone while the work ran: then no event is still to come.
      if (outgoing.destroyed) settle(outgoing.writableFinished);
      else {
        outgoing.once("finish", () => settle(true));
        outgoing.once("close", () => settle(false));
      }
    },
    async sweep() {
      const result = await database.db.execute(sql`
        with dead as (
          select i.instance_id from (
            select distinct instance_id from usage_events
             where pending_delivery and instance_id is not null and instance_id <> ${instanceId}) i
           where pg_try_advisory_xact_lock(hashtextextended(i.instance_id, ${INSTANCE_LOCK_SEED}))),
        refunded as (
          update usage_events u set status = 'refunded', pending_delivery = false
            from dead
           where u.instance_id = dead.instance_id and u.pending_delivery and u.status = 'charged'
          returning u.payer_client_id, u.amount_minor, u.source),
        credited as (
          update clients c set balance_minor = c.balance_minor + r.total
            from (select payer_client_id, sum(amount_minor) as total from refunded
                   where amount_minor > 0 group by payer_client_id) r
           where c.id = r.payer_client_id)
        select source, count(*)::int as n from refunded group by source`);
      let total = 0;
      for (const row of result.rows as { source: string; n: number }[]) {
        onRefunded(row.source, row.n);
        total += row.n;
      }
      return total;
    },
    flush,
    async stop() {
      await flush();
      await holder.end().catch(() => {});
    },
  };
}
