import path from "node:path";
import pg from "pg";
import { embeddedDatabaseUrl } from "@/lib/db/postgres-server";

/** Direct access to the e2e run's console store, to make time pass for a session. */
export async function withConsoleStore<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: embeddedDatabaseUrl(path.resolve(".data/e2e"), "console"),
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export const ageAllSessions = (interval: string) =>
  withConsoleStore((c) =>
    c.query(`UPDATE console_sessions SET last_seen_at = now() - $1::interval`, [interval]),
  );
