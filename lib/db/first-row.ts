import { type SQL } from "drizzle-orm";
import { type NodePgDatabase } from "drizzle-orm/node-postgres";
import { type PgTable, type SelectedFields } from "drizzle-orm/pg-core";
import { type SelectResultFields } from "drizzle-orm/query-builders/select.types";

type Reader = Pick<NodePgDatabase, "select">;

/** The first row of `table` matching `where`, or undefined: the one-row lookup both stores make. */
export async function firstRow<T extends PgTable>(
  db: Reader,
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

/** The same lookup reading only `fields` (a secret column stays unread where it is not needed). */
export async function firstFields<F extends SelectedFields>(
  db: Reader,
  fields: F,
  table: PgTable,
  where: SQL | undefined,
): Promise<SelectResultFields<F> | undefined> {
  const selection: SelectedFields = fields;
  const rows: unknown[] = await db.select(selection).from(table).where(where).limit(1);
  return rows[0] as SelectResultFields<F> | undefined;
}
