import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, schema } from "../db/database";

/**
 * The time of a Client's family by the sandbox test clocks (the instance's and its Master's), for
 * the places that act for a Client without a call of its own (the dealer's redirect pages).
 */
export async function familyNow(db: Db, clientId: string, base: Date): Promise<Date> {
  const master = alias(schema.clients, "master");
  const [row] = await db
    .select({
      offset: sql<string>`coalesce(${master.sandboxClockOffsetMs}, ${schema.clients.sandboxClockOffsetMs})
        + (select ${schema.sandboxInstanceClock.offsetMs} from ${schema.sandboxInstanceClock})`,
    })
    .from(schema.clients)
    .leftJoin(master, eq(master.id, schema.clients.parentId))
    .where(eq(schema.clients.id, clientId));
  return new Date(base.getTime() + Number(row?.offset ?? 0));
}

/** How far the instance clock runs ahead of real time (ms). */
export async function instanceClockOffset(db: Db): Promise<number> {
  const [row] = await db
    .select({ offset: schema.sandboxInstanceClock.offsetMs })
    .from(schema.sandboxInstanceClock);
  return row?.offset ?? 0;
}
