import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { embeddedDatabaseUrl } from "@/lib/db/postgres-server";
import { demoCredentials } from "@/lib/demo/demo-credentials";

const consolePort = Number(process.env.E2E_CLUSTER_PORT ?? 3400);
const servicePort = Number(process.env.E2E_CLUSTER_SERVICE_PORT ?? 4400);
const prometheusPort = Number(process.env.E2E_CLUSTER_PROMETHEUS_PORT ?? 9490);
const dataDir = path.resolve(".data/e2e-cluster");

/** Where the tested cluster answers: nginx's two fronts, Prometheus, its data and its log. */
export const CLUSTER = {
  consolePort,
  servicePort,
  prometheusPort,
  console: `http://127.0.0.1:${consolePort}`,
  service: `http://127.0.0.1:${servicePort}`,
  prometheus: `http://127.0.0.1:${prometheusPort}`,
  dataDir,
  logFile: path.resolve(".data/e2e-logs/cluster.log"),
};

/** How the tests start the cluster (playwright.cluster.config.ts, and again after a kill). */
export const CLUSTER_ARGS = ["--consoles", "2", "--services", "2", "--prometheus"];
export const CLUSTER_ENV = {
  PORT: String(consolePort),
  SERVICE_PORT: String(servicePort),
  PROMETHEUS_PORT: String(prometheusPort),
  SERVICE_DATA_DIR: dataDir,
  LOG_LEVEL: "info",
  NEXT_TELEMETRY_DISABLED: "1",
  // Rounds every 3 s, so "once across instances" is seen within a test.
  CONSOLE_USAGE_READING_SECONDS: "3",
  // A stopping console says it drains for a second before it stops taking connections; a
  // service instance drains for the launcher's 3 s (longer than nginx keeps an idle connection
  // to it).
  CONSOLE_DRAIN_SECONDS: "1",
};

export interface ClusterState {
  pid: number;
  restarts: number;
  /** The launcher's own metrics (restarts of the instances it supervises). */
  metrics: string;
  instances: { kind: "console" | "service"; port: number; pid: number }[];
}

export const clusterState = (): ClusterState =>
  JSON.parse(readFileSync(path.join(dataDir, "cluster.json"), "utf8")) as ClusterState;

const clusterCredentials = () =>
  demoCredentials.parse(
    JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")),
  );

/** The demo keys the cluster's first service seeded. */
export function clusterKeys() {
  return Object.fromEntries(clusterCredentials().accounts.map((a) => [a.id, a.apiKey]));
}

/** The sandbox Intelligence pilot's service sign-in (for `/pilot/sign-in`). */
export function clusterPilotSignIn() {
  return clusterCredentials().accounts.find((a) => a.id === "pilot-sandbox")!.serviceSignIn!;
}

/** The running children of a process, each with its /proc status. */
export function childrenOf(parent: number | string): { pid: number; status: string }[] {
  const children: { pid: number; status: string }[] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      if (/^PPid:\s+(\d+)$/m.exec(status)?.[1] === String(parent))
        children.push({ pid: Number(pid), status });
    } catch {
      // A process that ended while it was read.
    }
  }
  return children;
}

/** nginx's worker processes (the children of the master in its pid file), with their uids. */
export function nginxWorkers(): { pid: number; uids: number[] }[] {
  const master = readFileSync(path.join(dataDir, "nginx", "nginx.pid"), "utf8").trim();
  return childrenOf(master).map(({ pid, status }) => ({
    pid,
    uids: /^Uid:\s+(.*)$/m.exec(status)![1]!.trim().split(/\s+/).map(Number),
  }));
}

/** A query on one of the cluster's databases (`service` or `console`). */
export async function queryCluster<T extends pg.QueryResultRow>(
  database: "service" | "console",
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir, database) });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The JSON lines of the cluster's log (every instance's). */
export function clusterLogLines(): Record<string, unknown>[] {
  return readFileSync(CLUSTER.logFile, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        return {};
      }
    });
}

/**
 * How many connections nginx holds open to these ports (its workers' sockets in ESTABLISHED
 * state, read from /proc: Prometheus's own kept-alive scrapes of the instances are not counted).
 */
export function nginxConnectionsTo(ports: number[]): number {
  const inodes = new Set<string>();
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "nginx") continue;
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const target = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (target) inodes.add(target[1]!);
      }
    } catch {
      // A process that ended while it was read.
    }
  }
  const wanted = new Set(ports.map((p) => p.toString(16).toUpperCase().padStart(4, "0")));
  return readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length > 9)
    .filter(([, , remote, state, , , , , , inode]) => {
      const remotePort = remote!.split(":")[1]!;
      return state === "01" && wanted.has(remotePort) && inodes.has(inode!);
    }).length;
}
