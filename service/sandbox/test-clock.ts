import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, schema } from "../db/database";

/**
 * The time of a Client's family by its Master's sandbox test clock, for the places that act for a
 * Client without a call of its own (the dealer's redirect pages): `base` moved by the offset.
 */
export async function familyNow(db: Db, clientId: string, base: Date): Promise<Date> {
  const master = alias(schema.clients, "master");
  const [row] = await db
    .select({
      offset: sql<string>`coalesce(${master.sandboxClockOffsetMs}, ${schema.clients.sandboxClockOffsetMs})`,
    })
    .from(schema.clients)
    .leftJoin(master, eq(master.id, schema.clients.parentId))
    .where(eq(schema.clients.id, clientId));
  return new Date(base.getTime() + Number(row?.offset ?? 0));
}
