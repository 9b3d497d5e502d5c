import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { createLogger, type Logger, type LogLevel } from "@/lib/log/redact";
import {
  DEMO_CREDENTIALS_FILE,
  type DemoCredentials,
  demoCredentials,
} from "@/lib/demo/demo-credentials";
import { openPostgresServer, type PostgresServer } from "@/lib/db/postgres-server";
import { createApp } from "./app";
import { type HandlerMap, type ServiceConfig, type ServiceContext } from "./context";
import { migrateServiceDatabase, openServiceDatabase, type ServiceDatabase } from "./db/database";
import { purgeExpiredIdempotency } from "./pipeline/idempotency";
import { purgeExpiredCounters } from "./pipeline/rate-limit";
import { seedDemoData } from "./seed/demo-data";

export interface StartServiceOptions {
  port: number;
  host?: string;
  dataDir: string;
  /** A specific database; otherwise the `service` database on `postgres`. */
  databaseUrl?: string;
  /** A server the caller owns; otherwise one is opened (embedded unless `databaseUrl`). */
  postgres?: PostgresServer;
  publicUrl?: string;
  defaultRateLimit?: ServiceConfig["defaultRateLimit"];
  jobDurationMs?: number;
  redirectSessionSeconds?: number;
  logLevel?: LogLevel;
  log?: Logger;
  seed?: boolean;
  now?: () => Date;
  /** Replaces the operation handlers (tests use this to hold a request open). */
  handlers?: HandlerMap;
}

export interface RunningService {
  url: string;
  context: ServiceContext;
  database: ServiceDatabase;
  /** Demo keys when this start seeded the database or an earlier start left them in the data dir. */
  demo: DemoCredentials | null;
  stop(): Promise<void>;
}

function readDemoCredentials(file: string): DemoCredentials | null {
  if (!existsSync(file)) return null;
  const parsed = demoCredentials.safeParse(JSON.parse(readFileSync(file, "utf8")));
  return parsed.success ? parsed.data : null;
}

/** Starts the reference service: storage, migrations, demo seed, HTTP listener, housekeeping. */
export async function startService(opts: StartServiceOptions): Promise<RunningService> {
  const log = opts.log ?? createLogger("service", opts.logLevel ?? "info");
  const ownsPostgres = !opts.postgres && !opts.databaseUrl;
  const postgres =
    opts.postgres ??
    (opts.databaseUrl
      ? undefined
      : await openPostgresServer({ dataDir: opts.dataDir, log: (m) => log.info(m) }));
  const url = opts.databaseUrl ?? (await postgres!.ensureDatabase("service"));
  const database = openServiceDatabase(url);
  const now = opts.now ?? (() => new Date());
  const credentialsFile = path.join(opts.dataDir, DEMO_CREDENTIALS_FILE);

  let seeded: DemoCredentials | null = null;
  await migrateServiceDatabase(database, async (db) => {
    if (opts.seed !== false) seeded = await seedDemoData(db, now());
  });
  if (seeded) {
    writeFileSync(credentialsFile, JSON.stringify(seeded, null, 2) + "\n", { mode: 0o600 });
    chmodSync(credentialsFile, 0o600);
  }

  const host = opts.host ?? "127.0.0.1";
  const context: ServiceContext = {
    database,
    log,
    now,
    config: {
      publicUrl: opts.publicUrl ?? "",
      defaultRateLimit: opts.defaultRateLimit ?? { maxRequests: 1200, windowSeconds: 60 },
      jobDurationMs: opts.jobDurationMs ?? 3_000,
      redirectSessionSeconds: opts.redirectSessionSeconds ?? 900,
    },
  };
  const app = createApp(context, opts.handlers);
  let server: ServerType | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    server = serve({ fetch: app.fetch, port: opts.port, hostname: host }, (info) =>
      resolve(info.port),
    );
    server.once("error", reject);
  });
  // With port 0 the address is known only now; links the service builds use it.
  if (!opts.publicUrl) context.config.publicUrl = `http://${host}:${port}`;

  const housekeeping = setInterval(() => {
    const at = now();
    Promise.all([
      purgeExpiredCounters(database.db, at),
      purgeExpiredIdempotency(database.db, at),
    ]).catch((error) => log.warn("housekeeping failed", { error }));
  }, 60_000);
  housekeeping.unref();

  let stopped = false;
  return {
    url: context.config.publicUrl,
    context,
    database,
    demo: seeded ?? readDemoCredentials(credentialsFile),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(housekeeping);
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      await database.close();
      if (ownsPostgres) await postgres?.stop();
    },
  };
}
