import { randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { type Db, type PoolDb, schema } from "../db/database";
import { type SyntheticVehicle } from "../data/vehicle-catalog";
import { type KeyEnvironment } from "@/lib/api/contract/api-keys";
import { grantVehicleAccess } from "./vehicle-access";

export type RedirectSessionRow = typeof schema.redirectSessions.$inferSelect;

/** A single-use session for the browser-guided flow; its token is the only way to its page. */
export async function openRedirectSession(
  db: Db,
  session: {
    clientId: string;
    environment: KeyEnvironment;
    vin: string;
    returnUrl: string;
    state?: string;
  },
  lifetimeSeconds: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(now.getTime() + lifetimeSeconds * 1000);
  await db.insert(schema.redirectSessions).values({
    token,
    clientId: session.clientId,
    environment: session.environment,
    vin: session.vin,
    returnUrl: session.returnUrl,
    // An empty state is treated as unset and left out of the callback.
    state: session.state ? session.state : null,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

export async function findRedirectSession(
  db: Db,
  token: string,
): Promise<RedirectSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(schema.redirectSessions)
    .where(eq(schema.redirectSessions.token, token))
    .limit(1);
  return row;
}

/**
 * Ends a session once: only one request can move it out of "open", and only before it expires.
 * A confirmation gives the session's Client access to the chosen vehicle type in the same
 * transaction. Returns the session as closed, or undefined when it was not open any more.
 */
export function closeRedirectSession(
  db: PoolDb,
  token: string,
  outcome: { confirmed: SyntheticVehicle } | "cancelled",
  now: Date,
): Promise<RedirectSessionRow | undefined> {
  const confirmed = outcome === "cancelled" ? undefined : outcome.confirmed;
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(schema.redirectSessions)
      .set({
        status: confirmed ? "completed" : "cancelled",
        svcId: confirmed?.svcId ?? null,
        usedAt: now,
      })
      .where(
        and(
          eq(schema.redirectSessions.token, token),
          eq(schema.redirectSessions.status, "open"),
          gt(schema.redirectSessions.expiresAt, now),
        ),
      )
      .returning();
    if (claimed && confirmed) await grantVehicleAccess(tx, claimed.clientId, confirmed, now);
    return claimed;
  });
}
