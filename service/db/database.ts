import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

/** Drizzle without the relational API (not used): building its metadata per request costs time. */
export type Db = NodePgDatabase;
export { schema };

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/** Advisory-lock key that serialises migrations and seeding across instances sharing a database. */
const SETUP_LOCK = 40_100_001;

export interface ServiceDatabase {
  pool: pg.Pool;
  db: Db;
  /** Runs `fn` on one dedicated connection (needed for session-level advisory locks). */
  withConnection<T>(fn: (conn: pg.PoolClient, db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function openServiceDatabase(url: string, poolSize = 20): ServiceDatabase {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // A client losing its server (idle or checked out) must not crash the process; the query in
  // flight reports the failure, and the pool discards the client.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzle(pool);
  return {
    pool,
    db,
    async withConnection(fn) {
      const conn = await pool.connect();
      let broken = false;
      try {
        return await fn(conn, drizzle(conn));
      } catch (error) {
        broken = (error as { code?: string }).code === "57P01";
        throw error;
      } finally {
        conn.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/** Migrates, then runs `afterMigrate` (seeding) while still holding the setup lock. */
export async function migrateServiceDatabase(
  database: ServiceDatabase,
  afterMigrate?: (db: Db) => Promise<void>,
) {
  await database.withConnection(async (conn, db) => {
    await conn.query("SELECT pg_advisory_lock($1)", [SETUP_LOCK]);
    try {
      await migrate(db, { migrationsFolder: MIGRATIONS });
      await afterMigrate?.(db);
    } finally {
      await conn.query("SELECT pg_advisory_unlock($1)", [SETUP_LOCK]);
    }
  });
}
