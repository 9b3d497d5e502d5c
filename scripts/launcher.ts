/**
 * What every launcher shares (`npm start`, `npm run start:cluster`): the console's build, kept
 * secrets, and waiting for a child to answer.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
/** Asks a running cluster launcher to restart every instance in turn (`npm run cluster:restart`). */
export const ROLLING_RESTART_SIGNAL = "SIGUSR2";

/**
 * Node's flags for a process that runs the service (`npm start`, `npm run service`, a cluster's
 * service instances). The service's live heap is about 30 MB; left to itself V8 let it grow to
 * 264 MB while a 100,000-entry Sub-user list was built, and to 408 MB under the scale
 * benchmark's load. A 256 MB old generation bounds it: 306 MB at that scale's peak under load.
 * The young generation keeps Node's 16 MB semi-spaces: at 4 MB the scavenges cost a third of the
 * throughput (`npm run bench`, side by side: GET /ping at 9.6 % of `select 1` round trips against
 * 15.2 %, a billable call at 10.0 % of a durable commit against 14.1 %). The scripts in
 * package.json spell them out (a test holds them to this list).
 */
export const SERVICE_NODE_FLAGS = ["--max-semi-space-size=16", "--max-old-space-size=256"];

/**
 * Node's flags for the console's Next.js server as built for production (not `--dev`, which
 * compiles in the same process). Left to itself V8 let its heap grow to 339–348 MB resident under
 * the scale benchmark's load, most of it garbage not yet collected (its live heap stays under
 * 200 MB); with a 384 MB old generation V8 collects sooner and the server peaked at 229–234 MB,
 * its pages as fast. (A 256 MB one held it at 224 MB but made pages 10 % slower.)
 */
export const CONSOLE_NODE_FLAGS = ["--max-old-space-size=384"];

/** Where the cluster launcher describes the running cluster. */
export const CLUSTER_STATE_FILE = "cluster.json";

/** A secret kept in the data directory (mode 0600), made on first use, unless one is given. */
export function keptSecret(
  dataDir: string,
  file: string,
  given: string | undefined,
  make = () => randomBytes(32).toString("base64url"),
): string {
  if (given) return given;
  const full = path.join(dataDir, file);
  if (!existsSync(full)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(full, make(), { mode: 0o600 });
  }
  return readFileSync(full, "utf8").trim();
}

/** The embedded default keeps a generated session secret in the data directory. */
export const sessionSecret = (dataDir: string, given: string | undefined) =>
  keptSecret(dataDir, "session-secret", given);

/** Hash of everything that goes into the console build, to skip rebuilding when nothing changed. */
export function sourceHash(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(full).update(readFileSync(full));
    }
  };
  for (const dir of ["app", "components", "lib", "public"])
    if (existsSync(path.join(ROOT, dir))) walk(path.join(ROOT, dir));
  for (const file of [
    "instrumentation.ts",
    "instrumentation-client.ts",
    "next.config.mjs",
    "package-lock.json",
    "postcss.config.mjs",
    "proxy.ts",
    "tsconfig.json",
  ]) {
    const full = path.join(ROOT, file);
    if (existsSync(full)) hash.update(file).update(readFileSync(full));
  }
  return hash.digest("hex");
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: "inherit" });
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(args[0] ?? command)} exited with ${code}`)),
    );
  });
}

const BUILD_MARKER = path.join(ROOT, ".next", "source-hash");

/** Builds the console and marks the build with the hash of the sources it was made from. */
export async function buildConsole(env: NodeJS.ProcessEnv) {
  const current = sourceHash();
  await run(process.execPath, [NEXT_BIN, "build"], env);
  writeFileSync(BUILD_MARKER, current);
}

export async function ensureBuild(env: NodeJS.ProcessEnv) {
  const built =
    existsSync(path.join(ROOT, ".next", "BUILD_ID")) &&
    existsSync(BUILD_MARKER) &&
    readFileSync(BUILD_MARKER, "utf8") === sourceHash();
  if (built) return;
  console.log("Building the console (first start or sources changed)…");
  await buildConsole(env);
}

/**
 * Whether a child process has ended. A child killed by a signal keeps `exitCode` null and sets
 * `signalCode` instead, so `exitCode` alone never sees a SIGKILL or the OOM killer.
 */
export const hasExited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null;

export async function waitForHttp(
  url: string,
  child: ChildProcess,
  timeoutMs = 60_000,
  what = "The console",
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(child)) throw new Error(`${what} exited during start-up.`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s.`);
}
