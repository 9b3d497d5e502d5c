import { hasExited } from "../scripts/launcher";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { embeddedDatabaseUrl } from "@/lib/db/postgres-server";
import { DEMO_CREDENTIALS_FILE, demoCredentials } from "@/lib/demo/demo-credentials";
import { freePort } from "@/lib/net/free-port";
import { makePayers } from "./bench-payers";

/** How `startBenchCluster` runs the topology. */
export interface BenchClusterOptions {
  consoles: number;
  /** Paying Sub-users of the demo Master to make, one per load connection. */
  payers: number;
  /** nginx's service front, chosen before it starts (so a proxy can stand before it). */
  servicePort?: number;
  /** Where the consoles call the service (`CONSOLE_SERVICE_URL`); nginx's front by default. */
  consoleServiceUrl?: string;
}

/**
 * The production topology for a benchmark: `npm run start:cluster` (nginx before `consoles`
 * console and two service instances, one PostgreSQL) on a fresh data directory, as shipped: the
 * instances log at `info`, and their output is read away as a collector would. `payers` paying
 * Sub-users of the demo Master are made through nginx, each with a rate-limit rule out of the way
 * (a benchmark measures work, not refusals) and a balance that never runs out (a provider credit
 * posting, in the database: it has no public operation).
 *
 * `skipped`, with the reason, where nginx is not installed.
 */
export async function startBenchCluster(opts: BenchClusterOptions): Promise<
  | {
      serviceUrl: string;
      consoleUrl: string;
      masterKey: string;
      keys: string[];
      stop: () => Promise<void>;
    }
  | { skipped: string }
> {
  const nginx = process.env.NGINX_BIN ?? "nginx";
  if (spawnSync(nginx, ["-v"], { stdio: "ignore" }).error !== undefined)
    return { skipped: "nginx is not installed (apt-get install nginx-light)" };
  const dataDir = mkdtempSync(path.join(tmpdir(), "vpmi-bench-cluster-"));
  chmodSync(dataDir, 0o755);
  const servicePort = opts.servicePort ?? (await freePort());
  const consolePort = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/start-cluster.ts",
      "--consoles",
      String(opts.consoles),
      "--services",
      "2",
    ],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        PORT: String(consolePort),
        SERVICE_PORT: String(servicePort),
        SERVICE_DATA_DIR: dataDir,
        LOG_LEVEL: "info",
        NEXT_TELEMETRY_DISABLED: "1",
        ...(opts.consoleServiceUrl ? { CONSOLE_SERVICE_URL: opts.consoleServiceUrl } : {}),
      },
    },
  );
  let output = "";
  const keep = (chunk: Buffer) => {
    // The last lines only, for a failure's message; the rest is read away.
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const stop = async () => {
    if (!hasExited(child)) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const serviceUrl = `http://127.0.0.1:${servicePort}`;
    const consoleUrl = `http://127.0.0.1:${consolePort}`;
    const credentialsFile = path.join(dataDir, DEMO_CREDENTIALS_FILE);
    // Ready once nginx answers for a service instance and for a console (which may build first).
    const deadline = Date.now() + 600_000;
    let admin: string | undefined;
    while (!admin) {
      if (hasExited(child)) throw new Error(`start:cluster exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`start:cluster was not ready:\n${output}`);
      await new Promise((r) => setTimeout(r, 500));
      if (!existsSync(credentialsFile)) continue;
      const key = demoCredentials
        .parse(JSON.parse(readFileSync(credentialsFile, "utf8")))
        .accounts.find((a) => a.id === "master-admin")!.apiKey;
      const ping = await fetch(`${serviceUrl}/ping`, { headers: { "X-Api-Key": key } }).catch(
        () => undefined,
      );
      const page = await fetch(`${consoleUrl}/sign-in`).catch(() => undefined);
      if (ping?.status === 200 && page?.status === 200) admin = key;
    }
    const payers = await makePayers({
      serviceUrl,
      masterKey: admin,
      databaseUrl: embeddedDatabaseUrl(dataDir, "service"),
      count: opts.payers,
      name: "Bench cluster client",
      // The instances run with the service's default rate limits, as shipped.
      unlimited: true,
    });
    const keys = payers.map((p) => p.key);
    return { serviceUrl, consoleUrl, masterKey: admin, keys, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
