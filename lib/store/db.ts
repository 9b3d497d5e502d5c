import "server-only";
import path from "node:path";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrateUnderLock } from "@/lib/db/migrate-under-lock";
import pg from "pg";
import { consoleConfig } from "@/lib/config/console-env";
import { processState } from "@/lib/process-state";

export type StoreDb = NodePgDatabase & { $client: pg.Pool };

/** Serialises the console's migrations across console instances sharing a database. */
const MIGRATION_LOCK = 40_100_101;

// One pool per process, whichever bundle (page, action, route handler) asks first.
const opened = processState("store", () => ({ store: undefined as Promise<StoreDb> | undefined }));

async function open(url: string): Promise<StoreDb> {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const conn = await pool.connect();
  try {
    await migrateUnderLock(conn, MIGRATION_LOCK, path.join(process.cwd(), "lib/store/migrations"));
  } finally {
    conn.release();
  }
  return drizzle(pool) as StoreDb;
}

/** The console's own store (its own database), migrated on first use. */
export function getStore(): Promise<StoreDb> {
  opened.store ??= open(consoleConfig().CONSOLE_DATABASE_URL).catch((error: unknown) => {
    opened.store = undefined;
    throw error;
  });
  return opened.store;
}

/** Closes the store's pool (tests, and a console that shuts down). */
export async function closeStore(): Promise<void> {
  const store = opened.store;
  opened.store = undefined;
  if (store) await (await store).$client.end();
}
