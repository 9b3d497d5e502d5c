import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/** Direct access to the e2e run's console store, to make time pass for a session. */
export async function withConsoleStore<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const dir = path.resolve(".data/e2e");
  const port = readFileSync(path.join(dir, "pg", "postmaster.pid"), "utf8")
    .split("\n")[3]!
    .trim();
  const password = readFileSync(path.join(dir, "pg-password"), "utf8").trim();
  const client = new pg.Client({
    host: "127.0.0.1",
    port: Number(port),
    user: "postgres",
    password,
    database: "console",
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
