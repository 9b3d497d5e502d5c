import { type SQL } from "drizzle-orm";
import { type NodePgDatabase } from "drizzle-orm/node-postgres";
import { type PgTable } from "drizzle-orm/pg-core";

/** The first row of `table` matching `where`, or undefined: the one-row lookup both stores make. */
export async function firstRow<T extends PgTable>(
  db: Pick<NodePgDatabase, "select">,
  table: T,
  where: SQL | undefined,
): Promise<T["$inferSelect"] | undefined> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return rows[0] as T["$inferSelect"] | undefined;
}
