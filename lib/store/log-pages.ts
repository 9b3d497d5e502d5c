import "server-only";
import { asc, count, desc, eq, type SQL } from "drizzle-orm";
import { type AnyPgColumn, type PgTable } from "drizzle-orm/pg-core";
import { getStore } from "@/lib/store/db";

/** A table of the console's store that records things per organization as they happen. */
type OrganizationLog = PgTable & {
  organizationId: AnyPgColumn;
  createdAt: AnyPgColumn;
  id: AnyPgColumn;
};

export interface LogPage<Row> {
  rows: Row[];
  total: number;
  /** The page asked for, within the pages there are. */
  page: number;
  pages: number;
}

/** One page of the rows that match `where`, newest first unless `oldestFirst`. */
export async function logPage<T extends OrganizationLog>(
  table: T,
  where: SQL | undefined,
  paging: { page: number; pageSize: number; oldestFirst?: boolean },
): Promise<LogPage<T["$inferSelect"]>> {
  const db = await getStore();
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(table as PgTable)
    .where(where);
  const pages = Math.max(1, Math.ceil(total / paging.pageSize));
  const page = Math.min(Math.max(1, paging.page), pages);
  const order = paging.oldestFirst ? asc : desc;
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(order(table.createdAt), order(table.id))
    .limit(paging.pageSize)
    .offset((page - 1) * paging.pageSize);
  return { rows: rows as T["$inferSelect"][], total, page, pages };
}

/** The operations an organization's log holds, sorted: what its filter offers. */
export async function operationsIn(
  table: OrganizationLog & { operationId: AnyPgColumn },
  organizationId: string,
): Promise<string[]> {
  const db = await getStore();
  const rows = await db
    .selectDistinct({ operationId: table.operationId })
    .from(table as PgTable)
    .where(eq(table.organizationId, organizationId));
  return rows.map((r) => String(r.operationId)).sort();
}
