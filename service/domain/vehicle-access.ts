import { and, eq } from "drizzle-orm";
import { type Db, schema } from "../db/database";
import { type SyntheticVehicle } from "../data/vehicle-catalog";

/** Records that a Client obtained a `svcId`; only that Client may read its technical record. */
export async function grantVehicleAccess(
  db: Db,
  clientId: string,
  vehicle: SyntheticVehicle,
  now: Date,
) {
  await db
    .insert(schema.vehicleAccess)
    .values({
      clientId,
      svcId: vehicle.svcId,
      vehicle: vehicle as unknown as Record<string, unknown>,
      createdAt: now,
    })
    .onConflictDoNothing();
}

export async function accessibleVehicle(
  db: Db,
  clientId: string,
  svcId: string,
): Promise<SyntheticVehicle | undefined> {
  const [row] = await db
    .select({ vehicle: schema.vehicleAccess.vehicle })
    .from(schema.vehicleAccess)
    .where(and(eq(schema.vehicleAccess.clientId, clientId), eq(schema.vehicleAccess.svcId, svcId)))
    .limit(1);
  return row?.vehicle as SyntheticVehicle | undefined;
}
