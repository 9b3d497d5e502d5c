import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";

/**
 * Migrates a database from `migrationsFolder` on `conn` while holding the session advisory lock
 * `lock`, so of several instances starting on one database one migrates and the others wait for
 * it (and then find nothing left to do); `then` runs still under the lock (the service's seed).
 * The lock goes with the session if the connection breaks before it is let go.
 */
export async function migrateUnderLock(
  conn: pg.PoolClient,
  lock: number,
  migrationsFolder: string,
  then?: (db: NodePgDatabase) => Promise<void>,
): Promise<void> {
  await conn.query("SELECT pg_advisory_lock($1)", [lock]);
  try {
    const db = drizzle(conn);
    await migrate(db, { migrationsFolder });
    await then?.(db);
  } finally {
    await conn.query("SELECT pg_advisory_unlock($1)", [lock]).catch(() => {});
  }
}
