import { lt, sql } from "drizzle-orm";
import { type Db, schema } from "../db/database";

/** Claims kept this many periods back, for an operator wondering which instance ran which round. */
const KEPT_ROUNDS = 240;

/**
 * Claims housekeeping period `slot` for instance `instanceId`: true for exactly one instance
 * however many ask, which then runs that period's round.
 */
export async function claimHousekeepingRound(
  db: Db,
  instanceId: string,
  slot: number,
): Promise<boolean> {
  const claimed = await db.execute(sql`
    insert into housekeeping_rounds (slot, claimed_by) values (${slot}, ${instanceId})
    on conflict (slot) do nothing returning slot`);
  if (claimed.rows.length !== 1) return false;
  await db
    .delete(schema.housekeepingRounds)
    .where(lt(schema.housekeepingRounds.slot, slot - KEPT_ROUNDS));
  return true;
}
