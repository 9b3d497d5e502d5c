import { sql } from "drizzle-orm";
import { type Db, type PoolDb } from "../db/database";
import { refundCharge } from "./refunds";

/** Rows settled or deleted per statement, so no round holds many locks or a long transaction. */
const BATCH = 5_000;

/**
 * Retention of the service's jobs: a job finished more than `days` ago is deleted (polling it
 * then answers `job_not_found`, as for any unknown job). A job nobody polled is settled first, as
 * the first poll would have settled it: it reaches its final state, and a failed one refunds its
 * order, so deleting it never keeps money its call did not earn.
 */
export async function applyJobRetention(
  db: PoolDb,
  now: Date,
  days: number,
): Promise<{ settled: number; deleted: number }> {
  const before = new Date(now.getTime() - days * 86_400_000);
  let settled = 0;
  for (;;) {
    const moved = await db.transaction(async (tx) => {
      const rows = (
        await tx.execute(sql`
          update jobs set status = case when error is null then 'succeeded' else 'failed' end,
                          updated_at = ready_at
           where id in (select id from jobs
                         where status in ('queued', 'running') and ready_at < ${before}
                         order by ready_at limit ${BATCH} for update skip locked)
          returning status, charge_event_id`)
      ).rows as { status: string; charge_event_id: string | number | null }[];
      for (const row of rows)
        if (row.status === "failed" && row.charge_event_id != null)
          await refundCharge(tx as Db, Number(row.charge_event_id));
      return rows.length;
    });
    settled += moved;
    if (moved < BATCH) break;
  }
  let deleted = 0;
  for (;;) {
    const gone = await db.execute(sql`
      delete from jobs where id in (select id from jobs
                                     where status in ('succeeded', 'failed') and updated_at < ${before}
                                     limit ${BATCH})`);
    deleted += gone.rowCount ?? 0;
    if ((gone.rowCount ?? 0) < BATCH) break;
  }
  return { settled, deleted };
}
