import "server-only";
import { eq, sql } from "drizzle-orm";
import { firstFields } from "@/lib/db/first-row";
import { getStore } from "@/lib/store/db";
import { cacheVersions } from "@/lib/store/schema";

/** The version of what `scope` names, as every console instance reads it (0 before any change). */
export async function cacheVersion(scope: string): Promise<number> {
  const fields = { version: cacheVersions.version };
  const row = await firstFields(
    await getStore(),
    fields,
    cacheVersions,
    eq(cacheVersions.scope, scope),
  );
  return row?.version ?? 0;
}

/** Something `scope` names changed: copies kept under an older version are stale everywhere. */
export async function bumpCacheVersion(scope: string): Promise<void> {
  const db = await getStore();
  await db
    .insert(cacheVersions)
    .values({ scope, version: 1 })
    .onConflictDoUpdate({
      target: cacheVersions.scope,
      set: { version: sql`${cacheVersions.version} + 1` },
    });
}
