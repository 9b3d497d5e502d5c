import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrateUnderLock } from "@/lib/db/migrate-under-lock";
import { ADMIN_SHUTDOWN, postgresErrorCode } from "@/lib/db/postgres-errors";
import pg from "pg";
import { traceStatements } from "../observability/statement-spans";
import * as schema from "./schema";

/**
 * Queries on one connection. There is no `transaction()`: a call's transaction belongs to the
 * pipeline, which commits the call's charge, work and replay record together.
 */
export type Db = Omit<NodePgDatabase, "transaction">;
/** The pool's own handle (without the relational API, whose metadata costs time per request), for work outside calls: migrations, seed, housekeeping. */
export type PoolDb = NodePgDatabase;
export { schema };

export const MIGRATIONS_FOLDER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "migrations",
);
/** Advisory-lock key that serialises migrations and seeding across instances sharing a database. */
const SETUP_LOCK = 40_100_001;

export interface ServiceDatabase {
  pool: pg.Pool;
  db: PoolDb;
  /** Runs `fn` on one dedicated connection (needed for session-level advisory locks). */
  withConnection<T>(fn: (conn: pg.PoolClient, db: PoolDb) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * How PostgreSQL ends the hold of a request whose instance stopped answering, within
 * `abandonedRequestSeconds`: at once when the instance's process dies (its sockets close), by
 * TCP keepalive when its host or network vanishes, and by `idle_in_transaction_session_timeout`
 * when it is alive but stuck mid-request. Its transaction then rolls back and the Client's and
 * the Idempotency-Key's locks are free.
 */
export function sessionSettingsFor(abandonedRequestSeconds: number): string {
  const idle = Math.max(1, Math.floor(abandonedRequestSeconds / 2));
  const interval = Math.max(1, Math.floor(abandonedRequestSeconds / 10));
  const count = Math.max(1, Math.floor((abandonedRequestSeconds - idle) / interval));
  return [
    `idle_in_transaction_session_timeout=${abandonedRequestSeconds * 1000}`,
    `tcp_keepalives_idle=${idle}`,
    `tcp_keepalives_interval=${interval}`,
    `tcp_keepalives_count=${count}`,
  ]
    .map((s) => `-c ${s}`)
    .join(" ");
}

export function openServiceDatabase(
  url: string,
  opts: { poolSize?: number; abandonedRequestSeconds?: number } = {},
): ServiceDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 20,
    idleTimeoutMillis: 30_000,
    options: sessionSettingsFor(opts.abandonedRequestSeconds ?? 30),
  });
  // A client losing its server (idle or checked out) must not crash the process; the query in
  // flight reports the failure, and the pool discards the client.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", () => {});
    traceStatements(client);
  });
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
        broken = postgresErrorCode(error) === ADMIN_SHUTDOWN;
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
  afterMigrate?: (db: PoolDb, conn: pg.PoolClient) => Promise<void>,
) {
  await database.withConnection((conn) =>
    migrateUnderLock(
      conn,
      SETUP_LOCK,
      MIGRATIONS_FOLDER,
      (db) => afterMigrate?.(db, conn) ?? Promise.resolve(),
    ),
  );
}
