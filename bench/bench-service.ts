import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { embeddedDatabaseUrl } from "@/lib/db/postgres-server";
import { type DemoAccount } from "@/lib/demo/demo-credentials";
import { createLogger, type Logger } from "@/lib/log/logger";
import { startService } from "@/service/server";

/**
 * A reference service for a benchmark: a fresh embedded PostgreSQL in a temporary directory,
 * demo data, and rate limits out of the way (a benchmark measures work, not refusals).
 */
export async function startBenchService(
  name: string,
  log: Logger = createLogger("service", "warn"),
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `vpmi-${name}-`));
  chmodSync(dataDir, 0o755);
  const service = await startService({
    port: 0,
    dataDir,
    log,
    defaultRateLimit: { maxRequests: 10_000_000, windowSeconds: 60 },
  });
  return {
    service,
    /** The service's own database, for measuring what PostgreSQL allows beside it. */
    databaseUrl: embeddedDatabaseUrl(dataDir, "service"),
    key: (id: DemoAccount["id"]) => service.demo!.accounts.find((a) => a.id === id)!.apiKey,
    async stop() {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
