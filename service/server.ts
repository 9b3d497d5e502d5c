import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { type AddressInfo } from "node:net";
import path from "node:path";
import type pg from "pg";
import { createLogger, type Logger, type LogLevel } from "@/lib/log/logger";
import {
  DEMO_CREDENTIALS_FILE,
  type DemoCredentials,
  demoCredentials,
} from "@/lib/demo/demo-credentials";
import { openPostgresServer, type PostgresServer } from "@/lib/db/postgres-server";
import { type TrustedProxies } from "@/lib/net/client-address";
import { createApp } from "./app";
import { createServiceServer } from "./http-server";
import { type HandlerMap, type ServiceConfig, type ServiceContext } from "./context";
import {
  type PoolDb,
  migrateServiceDatabase,
  openServiceDatabase,
  type ServiceDatabase,
} from "./db/database";
import { CallerCache } from "./pipeline/caller-cache";
import { ServiceMetrics } from "./observability/service-metrics";
import { startServiceTracing } from "./observability/service-tracing";
import { RequestJournal } from "./sandbox/journal";
import { VersionedAnswers } from "./pipeline/versioned-answers";
import { ListBuilds } from "./routes/client-users/list-builds";
import { addReissuedKeysToSnapshots, recordSeedSnapshots } from "./sandbox/master-reset";
import { hashApiKey } from "./domain/api-keys";
import { openDeliveryLedger } from "./pipeline/delivery";
import { purgeExpiredIdempotency } from "./pipeline/idempotency";
import { purgeExpiredCounters } from "./pipeline/rate-limit";
import { purgeUnusedRegistrations } from "./mcp/oauth/oauth-store";
import { purgeSignInAttempts } from "./domain/sign-in-throttle";
import { claimHousekeepingRound } from "./domain/housekeeping";
import { applyJobRetention } from "./domain/job-retention";
import { demoKeysWork, reissueDemoKeys, seedDemoData } from "./seed/demo-data";
import { applyPilotConfiguration } from "./domain/intelligence/pilot-configuration";
import { type PilotConfiguration } from "./domain/intelligence/pilot-gates";
import { type SandboxControlsMode } from "./sandbox/controls-scope";
import { SEND_BATCH } from "./routes/client-users/streamed-sub-user-list";

/** Expired counters and replay records are purged, and stopped instances' undelivered charges refunded, this often. */
const HOUSEKEEPING_INTERVAL_MS = 15_000;
/** Where an instance keeps its sandbox operator token when none is configured. */
export const SANDBOX_TOKEN_FILE = "sandbox-operator-token";

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
  /** Bound on how long a request whose instance stopped answering keeps its Client busy. */
  abandonedRequestSeconds?: number;
  /** Days a finished job stays readable (`SERVICE_JOB_RETENTION_DAYS`, default 90). */
  jobRetentionDays?: number;
  /** Above this many Sub-users a Master's list streams (default 20,000; tests lower it). */
  subUserListKeepLimit?: number;
  /** Sub-user lists built in memory at once (see `ListBuilds`). */
  listBuilds?: number;
  logLevel?: LogLevel;
  /** Intelligence pilot gates to set at start-up, by Client id (`SERVICE_INTELLIGENCE_PILOT`). */
  intelligencePilot?: PilotConfiguration;
  log?: Logger;
  seed?: boolean;
  now?: () => Date;
  /** Replaces the operation handlers (tests use this to hold a request open). */
  handlers?: HandlerMap;
  /** The sandbox controls' operator token; otherwise one kept in the data directory. */
  sandboxToken?: string;
  /** Which keys the sandbox controls serve (default `sandbox`: sandbox keys and the operator). */
  sandboxControls?: SandboxControlsMode;
  /** The proxies whose `X-Forwarded-For` names the client (default none: the peer is). */
  trustedProxies?: TrustedProxies;
  /**
   * On stop, how long the instance keeps answering while `/readyz` says it is draining, so a
   * load balancer stops sending it calls first (default 0: stop at once).
   */
  drainSeconds?: number;
  /** On stop, how long calls in flight may take to finish before their connections are cut. */
  shutdownTimeoutMs?: number;
}

export interface RunningService {
  /** Where callers reach it: its public address. */
  url: string;
  /** Where it listens itself (the same unless a front such as a proxy stands before it). */
  address: string;
  context: ServiceContext;
  database: ServiceDatabase;
  /** Demo keys when this start seeded the database or an earlier start left them in the data dir. */
  demo: DemoCredentials | null;
  /** Where the sandbox operator token came from. */
  sandboxTokenOrigin: SandboxTokenOrigin;
  stop(): Promise<void>;
}

function readDemoCredentials(file: string): DemoCredentials | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = demoCredentials.safeParse(JSON.parse(readFileSync(file, "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Replaces the file whole (owner-only), creating its directory: never a half-written file. */
function writeDemoCredentials(file: string, credentials: DemoCredentials) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(credentials, null, 2) + "\n", { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

/**
 * The demo keys of this data directory, settled under the setup lock together with the seed: an
 * empty database is seeded and its keys written; a seeded database whose keys this directory
 * lacks (no file, a damaged one, or one from another database) gets fresh keys for the demo
 * accounts, so nobody is locked out. Returns null when the database holds no demo accounts.
 */
async function settleDemoCredentials(db: PoolDb, conn: pg.PoolClient, file: string, now: Date) {
  const seeded = await seedDemoData(db, now);
  if (seeded) {
    // The state the sandbox controls reset a Master to.
    await recordSeedSnapshots(conn, now);
    writeDemoCredentials(file, seeded);
    return { credentials: seeded, reissued: false };
  }
  const existing = readDemoCredentials(file);
  if (existing && (await demoKeysWork(db, existing)))
    return { credentials: existing, reissued: false };
  const reissued = await reissueDemoKeys(db, now);
  if (!reissued) return { credentials: null, reissued: false };
  await addReissuedKeysToSnapshots(
    conn,
    reissued.accounts.map((a) => hashApiKey(a.apiKey)),
  );
  writeDemoCredentials(file, reissued);
  return { credentials: reissued, reissued: true };
}

/**
 * Where the operator token came from: `SERVICE_SANDBOX_TOKEN`, made on this start, or kept in the
 * data directory by an earlier one.
 */
export type SandboxTokenOrigin = { from: "setting" } | { from: "made" | "kept"; file: string };

/** The operator token kept in the data directory, made on first start (owner-only file). */
function sandboxTokenOf(dataDir: string): { token: string; origin: SandboxTokenOrigin } {
  const file = path.join(dataDir, SANDBOX_TOKEN_FILE);
  if (existsSync(file)) {
    const kept = readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return { token: kept, origin: { from: "kept", file } };
  }
  mkdirSync(dataDir, { recursive: true });
  const token = `sbx_op_${randomBytes(24).toString("base64url")}`;
  writeFileSync(file, token + "\n", { mode: 0o600 });
  chmodSync(file, 0o600);
  return { token, origin: { from: "made", file } };
}

/**
 * How the launchers describe the sandbox controls of a running service, in one line. The
 * operator token is shown only by the start that made it: one given in the environment or kept
 * from an earlier start stays out of every later start's output (and so out of its logs).
 */
export function sandboxControlsLine(service: RunningService, url: string): string {
  const { sandboxControls, sandboxToken } = service.context.config;
  if (sandboxControls === "off") return "Sandbox controls: off (SERVICE_SANDBOX_CONTROLS=off).";
  const who =
    sandboxControls === "all"
      ? "every Master's key"
      : "Masters' sandbox keys (not production keys)";
  const origin = service.sandboxTokenOrigin;
  const operator =
    origin.from === "made"
      ? `the operator token (Authorization: Bearer ${sandboxToken}), made now and kept in ${origin.file}`
      : origin.from === "kept"
        ? `the operator token kept in ${origin.file} (Authorization: Bearer <its contents>)`
        : "the operator token of SERVICE_SANDBOX_TOKEN (Authorization: Bearer <it>)";
  return `Sandbox controls: ${url}/_sandbox, for ${who} and ${operator}.`;
}

/** Starts the reference service: storage, migrations, demo seed, HTTP listener, housekeeping. */
export async function startService(opts: StartServiceOptions): Promise<RunningService> {
  startServiceTracing();
  const log = opts.log ?? createLogger("service", opts.logLevel ?? "info");
  const ownsPostgres = !opts.postgres && !opts.databaseUrl;
  const postgres =
    opts.postgres ??
    (opts.databaseUrl
      ? undefined
      : await openPostgresServer({ dataDir: opts.dataDir, log: (m) => log.info(m) }));
  const url = opts.databaseUrl ?? (await postgres!.ensureDatabase("service"));
  const abandonedRequestSeconds = opts.abandonedRequestSeconds ?? 30;
  const database = openServiceDatabase(url, { abandonedRequestSeconds });
  const now = opts.now ?? (() => new Date());
  const credentialsFile = path.join(opts.dataDir, DEMO_CREDENTIALS_FILE);

  let demo: DemoCredentials | null = null;
  await migrateServiceDatabase(database, async (db, conn) => {
    if (opts.seed !== false) {
      const settled = await settleDemoCredentials(db, conn, credentialsFile, now());
      demo = settled.credentials;
      if (settled.reissued)
        log.warn("the demo keys of this data directory were missing; fresh ones were issued", {
          file: credentialsFile,
        });
    }
    const unknown = await applyPilotConfiguration(db, opts.intelligencePilot ?? {});
    if (unknown.length)
      log.warn("SERVICE_INTELLIGENCE_PILOT names Clients this database does not hold", { unknown });
  });
  if (opts.seed === false) demo = readDemoCredentials(credentialsFile);
  const metrics = new ServiceMetrics(database);
  const delivery = await openDeliveryLedger(database, url, log, (source, count) =>
    metrics.undelivered(source, count),
  );
  const swept = await delivery.sweep();
  if (swept)
    log.warn("refunded charges whose answers a stopped instance never delivered", { swept });

  const host = opts.host ?? "127.0.0.1";
  const sandbox =
    opts.sandboxToken === undefined
      ? sandboxTokenOf(opts.dataDir)
      : { token: opts.sandboxToken, origin: { from: "setting" } as const };
  const context: ServiceContext = {
    database,
    log,
    now,
    delivery,
    callers: new CallerCache(10_000),
    journal: new RequestJournal(database.db, database.pool, log),
    // Bytes of heap, as the list's handler counts them: about 64 MB, beside two lists being built
    // (`listBuilds`) and the service's own 30 MB, within its 256 MB old generation.
    subUserLists: new VersionedAnswers(64_000_000),
    listBuilds: new ListBuilds(opts.listBuilds ?? 2),
    metrics,
    lifecycle: { draining: false },
    config: {
      publicUrl: opts.publicUrl ?? "",
      defaultRateLimit: opts.defaultRateLimit ?? { maxRequests: 1200, windowSeconds: 60 },
      jobDurationMs: opts.jobDurationMs ?? 3_000,
      redirectSessionSeconds: opts.redirectSessionSeconds ?? 900,
      abandonedRequestSeconds,
      subUserListKeepLimit: opts.subUserListKeepLimit ?? 20_000,
      subUserListSendBatch: SEND_BATCH,
      sandboxToken: sandbox.token,
      sandboxControls: opts.sandboxControls ?? "sandbox",
      trustedProxies: opts.trustedProxies ?? [],
    },
  };
  const app = createApp(context, opts.handlers);
  const server = createServiceServer(app, log, context.lifecycle);
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, host, () => resolve((server.address() as AddressInfo).port));
  });
  // With port 0 the address is known only now; links the service builds use it.
  if (!opts.publicUrl) context.config.publicUrl = `http://${host}:${port}`;

  // Once per period across the instances on this database: the one whose claim lands runs it.
  const housekeepingRound = async () => {
    const slot = Math.floor(Date.now() / HOUSEKEEPING_INTERVAL_MS);
    if (!(await claimHousekeepingRound(database.db, delivery.instanceId, slot))) return;
    const at = now();
    await Promise.all([
      purgeExpiredCounters(database.db, at),
      purgeExpiredIdempotency(database.db, at),
      purgeUnusedRegistrations(database.db, at),
      purgeSignInAttempts(database.pool, at),
      applyJobRetention(database.db, at, opts.jobRetentionDays ?? 90),
      delivery.sweep(),
    ]);
  };
  const housekeeping = setInterval(() => {
    housekeepingRound().catch((error: unknown) => log.warn("housekeeping failed", { error }));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();

  let stopped = false;
  return {
    url: context.config.publicUrl,
    address: `http://${host}:${port}`,
    context,
    database,
    demo,
    sandboxTokenOrigin: sandbox.origin,
    async stop() {
      if (stopped) return;
      stopped = true;
      // Not ready from now on; still answering while load balancers notice.
      context.lifecycle.draining = true;
      const drainMs = (opts.drainSeconds ?? 0) * 1000;
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      clearInterval(housekeeping);
      // No new connections; calls in flight finish (their answers close their connections),
      // up to the bound, after which what is left is cut and its transactions roll back.
      const finishing = new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      const bound = setTimeout(() => {
        log.warn("calls still in flight at the shutdown bound were cut");
        server.closeAllConnections();
      }, opts.shutdownTimeoutMs ?? 30_000);
      await finishing;
      clearTimeout(bound);
      await delivery.stop();
      await context.journal.close();
      await database.close();
      if (ownsPostgres) await postgres?.stop();
    },
  };
}
