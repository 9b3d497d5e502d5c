import "server-only";
import { and, asc, desc, getTableColumns, sql, type SQL } from "drizzle-orm";
import { type AnyPgColumn, type PgTable } from "drizzle-orm/pg-core";
import { getStore } from "@/lib/store/db";
import { type LogCursor, logCursorText } from "@/lib/log-cursor";

/** A table of the console's store that records things per organization as they happen. */
type OrganizationLog = PgTable & {
  organizationId: AnyPgColumn;
  createdAt: AnyPgColumn;
  id: AnyPgColumn;
};

export interface LogPage<Row> {
  rows: Row[];
  /** Where the entries before this page start (as `prev`), when there are any. */
  previous: string | null;
  /** Where the entries after this page start (as `next`), when there are any. */
  next: string | null;
}

/**
 * One page of the rows that match `where`, newest first unless `oldestFirst`, starting just past
 * `cursor` (an entry of the page before or after), or at the top without one. Keyset paging on
 * (created_at, id): each page reads only its own rows from the index, however large the log, and
 * entries that arrive meanwhile never shift a page, so paging on neither skips nor repeats one.
 * No total is counted: counting would read every matching row.
 */
export async function logPage<T extends OrganizationLog>(
  table: T,
  where: SQL | undefined,
  paging: { pageSize: number; cursor?: LogCursor | null; oldestFirst?: boolean },
): Promise<LogPage<T["$inferSelect"]>> {
  const db = await getStore();
  // A numbered log's cursor must name a number: another id (a hand-edited address) shows the top
  // instead of failing the page on PostgreSQL's cast.
  const cursor =
    paging.cursor && (table.id.dataType !== "number" || /^\d{1,18}$/.test(paging.cursor.id))
      ? paging.cursor
      : null;
  // The list's order, and whether this read walks it backwards (towards the top).
  const backwards = cursor?.toward === "previous";
  const descending = !paging.oldestFirst !== backwards;
  const key = sql`(${table.createdAt}, ${table.id})`;
  const past = (at: string, id: string) =>
    descending
      ? sql`${key} < (${at}::timestamptz, ${id})`
      : sql`${key} > (${at}::timestamptz, ${id})`;
  const order = descending ? desc : asc;
  // created_at to the microsecond as text: a JavaScript Date keeps milliseconds only, and a
  // cursor rounded to them would skip or repeat entries written within one millisecond.
  const cursorAt = sql<string>`to_char(${table.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const read = await db
    .select({ ...getTableColumns(table), cursorAt })
    .from(table as PgTable)
    .where(and(where, cursor ? past(cursor.at, cursor.id) : undefined))
    .orderBy(order(table.createdAt), order(table.id))
    .limit(paging.pageSize + 1);
  // Nothing past the cursor (its entries were deleted meanwhile, or the address was made up): the
  // top of the list, rather than an empty page with no way out.
  if (cursor && read.length === 0) return logPage(table, where, { ...paging, cursor: null });
  const more = read.length > paging.pageSize;
  const page = read.slice(0, paging.pageSize);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const at = (row: (typeof page)[number] | undefined) =>
    row ? logCursorText({ at: String(row.cursorAt), id: String(row.id) }) : null;
  // Going forward, the page before exists when this one did not start at the top; going back,
  // the page after exists (the one this read came from). The far side is `more`.
  const previous = backwards ? (more ? at(first) : null) : cursor ? at(first) : null;
  const next = backwards ? at(last) : more ? at(last) : null;
  const rows = page.map(({ cursorAt: _, ...row }) => row) as T["$inferSelect"][];
  return { rows, previous, next };
}
