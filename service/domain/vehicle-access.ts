import { and, eq } from "drizzle-orm";
import { firstRow } from "@/lib/db/first-row";
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
  const access = schema.vehicleAccess;
  const row = await firstRow(
    db,
    access,
    and(eq(access.clientId, clientId), eq(access.svcId, svcId)),
  );
  return row?.vehicle as SyntheticVehicle | undefined;
}
