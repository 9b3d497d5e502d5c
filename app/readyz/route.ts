import path from "node:path";
import { consoleLifecycle } from "@/lib/observability/console-lifecycle";
import { newestMigration, readinessOf } from "@/lib/observability/readiness";
import { getStore } from "@/lib/store/db";

const NEWEST_MIGRATION = newestMigration(path.join(process.cwd(), "lib/store/migrations"));

/** Whether to send this console requests: its store answers and is migrated, and it is not draining. */
export async function GET() {
  const pool = await getStore().then(
    (db) => db.$client,
    () => undefined,
  );
  const readiness = pool
    ? await readinessOf(pool, NEWEST_MIGRATION, consoleLifecycle.draining)
    : {
        ready: false,
        checks: {
          database: "unreachable" as const,
          migrations: "unknown" as const,
          draining: consoleLifecycle.draining,
        },
      };
  return Response.json(
    { status: readiness.ready ? "ready" : "not_ready", checks: readiness.checks },
    { status: readiness.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
