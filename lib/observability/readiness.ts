import { readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";

/**
 * What `GET /readyz` checks, on the service and the console alike: the database answers, the
 * migrations this code ships are all applied there, and the instance is not draining (a
 * SIGTERM was received). A load balancer or orchestrator sends traffic only while all three hold.
 */
export interface Readiness {
  ready: boolean;
  checks: {
    database: "ok" | "unreachable";
    migrations: "current" | "behind" | "unknown";
    draining: boolean;
  };
}

/** How long the database may take to answer a readiness probe before it counts as unreachable. */
const PROBE_TIMEOUT_MS = 2_000;

/** The newest migration a drizzle migrations folder holds (its journal's last `when`). */
export function newestMigration(folder: string): number {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

export async function readinessOf(
  pool: pg.Pool,
  newest: number,
  draining: boolean,
): Promise<Readiness> {
  let database: Readiness["checks"]["database"] = "unreachable";
  let migrations: Readiness["checks"]["migrations"] = "unknown";
  let timer: NodeJS.Timeout | undefined;
  try {
    const probe = pool.query<{ latest: string | null }>(
      "SELECT max(created_at)::text AS latest FROM drizzle.__drizzle_migrations",
    );
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("readiness probe timed out")), PROBE_TIMEOUT_MS);
    });
    const { rows } = await Promise.race([probe, timeout]);
    database = "ok";
    migrations = Number(rows[0]?.latest ?? 0) >= newest ? "current" : "behind";
  } catch {
    // Unreachable, timed out, or no migrations table: not ready either way.
  } finally {
    clearTimeout(timer);
  }
  return {
    ready: database === "ok" && migrations === "current" && !draining,
    checks: { database, migrations, draining },
  };
}
