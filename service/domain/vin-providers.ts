import { and, eq } from "drizzle-orm";
import { firstRow } from "@/lib/db/first-row";
import { type Db, schema } from "../db/database";
import { behaviourOf } from "../data/vehicle-catalog";
import { ApiError } from "../core";

/**
 * The provider a Client uses for a VIN: the same Client must keep using one provider for one
 * VIN, so the first one named is bound (`409 vin_provider_mismatch` for another).
 */
export async function bindProvider(
  db: Db,
  clientId: string,
  vin: string,
  provider: number | undefined,
  now: Date,
): Promise<number> {
  const preset = behaviourOf(vin).boundProvider;
  const bindings = schema.vinProviderBindings;
  const row = await firstRow(
    db,
    bindings,
    and(eq(bindings.clientId, clientId), eq(bindings.vin, vin)),
  );
  const bound = row?.provider ?? preset;
  if (provider === undefined) return bound ?? 1;
  if (bound !== null && bound !== undefined && bound !== provider) {
    throw new ApiError(
      "vin_provider_mismatch",
      `This VIN was already resolved with provider ${bound}; keep using it.`,
      { boundProvider: bound },
    );
  }
  if (!row)
    await db
      .insert(schema.vinProviderBindings)
      .values({ clientId, vin, provider, createdAt: now })
      .onConflictDoNothing();
  return provider;
}
