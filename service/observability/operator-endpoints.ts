import { type ServiceApp, type ServiceContext } from "../context";
import { MIGRATIONS_FOLDER } from "../db/database";
import { newestMigration, readinessOf } from "@/lib/observability/readiness";

const NEWEST_MIGRATION = newestMigration(MIGRATIONS_FOLDER);

/**
 * What load balancers, orchestrators and Prometheus ask an instance, outside the contract and
 * its pipeline (no key, no rate limit, no charge): `GET /healthz` (the process answers),
 * `GET /readyz` (it should be sent calls) and `GET /metrics`. (While the instance drains, every
 * answer closes its connection: `createServiceServer`.)
 */
export function mountOperatorEndpoints(app: ServiceApp, service: ServiceContext) {
  app.get("/healthz", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" });
  });
  app.get("/readyz", async (c) => {
    const readiness = await readinessOf(
      service.database.pool,
      NEWEST_MIGRATION,
      service.lifecycle.draining,
    );
    c.header("Cache-Control", "no-store");
    return c.json(
      { status: readiness.ready ? "ready" : "not_ready", checks: readiness.checks },
      readiness.ready ? 200 : 503,
    );
  });
  app.get("/metrics", async (c) => {
    const { body, contentType } = await service.metrics.exposition();
    return c.body(body, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  });
}
