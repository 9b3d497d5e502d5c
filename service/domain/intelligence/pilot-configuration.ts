import { inArray, sql } from "drizzle-orm";
import { type PoolDb, schema } from "../../db/database";
import { type PilotConfiguration } from "./pilot-gates";

/**
 * Sets the gates `SERVICE_INTELLIGENCE_PILOT` names, over what the database holds (per
 * environment: an environment the configuration does not mention keeps its stored gates).
 * Returns the Client ids the database does not hold.
 */
export async function applyPilotConfiguration(
  db: PoolDb,
  configuration: PilotConfiguration,
): Promise<string[]> {
  const ids = Object.keys(configuration);
  if (ids.length === 0) return [];
  const known = new Set(
    (
      await db
        .select({ id: schema.clients.id })
        .from(schema.clients)
        .where(inArray(schema.clients.id, ids))
    ).map((r) => r.id),
  );
  for (const id of known) {
    const settings = JSON.stringify(configuration[id]);
    await db.execute(
      sql`UPDATE clients SET intelligence_pilot = coalesce(intelligence_pilot, '{}'::jsonb) || ${settings}::jsonb WHERE id = ${id}`,
    );
  }
  return ids.filter((id) => !known.has(id));
}
