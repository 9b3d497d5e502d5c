import { readFileSync } from "node:fs";
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

export interface ClusterState {
  pid: number;
  restarts: number;
  instances: { kind: "console" | "service"; port: number; pid: number }[];
}

export const clusterState = (): ClusterState =>
  JSON.parse(readFileSync(path.join(dataDir, "cluster.json"), "utf8")) as ClusterState;

/** The demo keys the cluster's first service seeded. */
export function clusterKeys() {
  const credentials = demoCredentials.parse(
    JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")),
  );
  return Object.fromEntries(credentials.accounts.map((a) => [a.id, a.apiKey]));
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
