import { and, gt, isNull, type SQL } from "drizzle-orm";
import { type NodePgDatabase } from "drizzle-orm/node-postgres";
import { type PgColumn, type PgTable } from "drizzle-orm/pg-core";

/**
 * Takes a single-use row (a code, a challenge, a sign-on flow, an invitation) for its one use.
 * One statement marks it used only while it is unused and unexpired, so of two parallel uses on
 * any instance exactly one gets the row; the other, and any later one, gets undefined.
 */
export async function claimOnce<T extends PgTable>(
  db: Pick<NodePgDatabase, "update">,
  table: T,
  marks: { usedAt: keyof T["$inferSelect"] & string; expiresAt: PgColumn; now: Date },
  ...match: (SQL | undefined)[]
): Promise<T["$inferSelect"] | undefined> {
  const used = (table as unknown as Record<string, PgColumn>)[marks.usedAt]!;
  const rows: unknown[] = await db
    .update(table as PgTable)
    .set({ [marks.usedAt]: marks.now })
    .where(and(...match, isNull(used), gt(marks.expiresAt, marks.now)))
    .returning();
  return rows[0] as T["$inferSelect"] | undefined;
}
