import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, schema } from "../db/database";
import { type KeyEnvironment } from "@/lib/api/contract/api-keys";
import { controlsActOn, type SandboxControlsMode } from "./controls-scope";

/**
 * How far a Client's family runs ahead of real time by the sandbox test clocks: the instance's
 * offset plus its Master's (ms). A call gets the same from its caller (`Call.identify`).
 */
export async function familyClockOffset(db: Db, clientId: string): Promise<number> {
  const master = alias(schema.clients, "master");
  const [row] = await db
    .select({
      offset: sql<string>`coalesce(${master.sandboxClockOffsetMs}, ${schema.clients.sandboxClockOffsetMs})
        + (select ${schema.sandboxInstanceClock.offsetMs} from ${schema.sandboxInstanceClock})`,
    })
    .from(schema.clients)
    .leftJoin(master, eq(master.id, schema.clients.parentId))
    .where(eq(schema.clients.id, clientId));
  return Number(row?.offset ?? 0);
}

/**
 * The time of a Client's family, for the places that act for a Client without a call of its own
 * (the dealer's redirect pages): moved by the sandbox clocks only where the controls act on the
 * environment of the key that started it (an older row without one counts as acted on).
 */
export async function familyNow(
  db: Db,
  of: { clientId: string; environment: string | null },
  base: Date,
  mode: SandboxControlsMode,
): Promise<Date> {
  if (of.environment !== null && !controlsActOn(mode, of.environment as KeyEnvironment))
    return base;
  return new Date(base.getTime() + (await familyClockOffset(db, of.clientId)));
}

/** How far the instance clock runs ahead of real time (ms). */
export async function instanceClockOffset(db: Db): Promise<number> {
  const [row] = await db
    .select({ offset: schema.sandboxInstanceClock.offsetMs })
    .from(schema.sandboxInstanceClock);
  return row?.offset ?? 0;
}
