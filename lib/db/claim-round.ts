import { and, lt, type SQL } from "drizzle-orm";
import { type NodePgDatabase } from "drizzle-orm/node-postgres";
import { type PgColumn, type PgTable } from "drizzle-orm/pg-core";

/**
 * Claims period `claim.slot` of a scheduled round for the instance `claim.claimedBy`. Every
 * instance ticks on its own timer and asks; one statement writes the claim only where none is,
 * so however many ask, exactly one gets true and runs that period's round. The winner then
 * deletes the claims more than `kept.periods` periods old (of `kept.of`'s rounds, when a table
 * holds several kinds), which an operator reads to see which instance ran which round.
 */
export async function claimRound<T extends PgTable & { slot: PgColumn }>(
  db: Pick<NodePgDatabase, "insert" | "delete">,
  rounds: T,
  claim: T["$inferInsert"] & { slot: number; claimedBy: string },
  kept: { periods: number; of?: SQL },
): Promise<boolean> {
  const claimed = await db
    .insert(rounds as PgTable)
    .values(claim)
    .onConflictDoNothing()
    .returning({ slot: rounds.slot });
  if (claimed.length !== 1) return false;
  await db
    .delete(rounds as PgTable)
    .where(and(kept.of, lt(rounds.slot, claim.slot - kept.periods)));
  return true;
}
