import { createServer, type Server } from "node:http";
import { Counter, Gauge, Registry } from "prom-client";

/**
 * How the cluster launcher keeps its instances running: an instance that exits without being
 * asked is started again after a delay that doubles with each exit in a row (from 0.25 s to at
 * most 30 s) and starts over once it stayed up a minute. Every exit and restart is counted in
 * the launcher's own metrics, which Prometheus scrapes beside the instances'.
 */
export const FIRST_DELAY_MS = 250;
export const MAX_DELAY_MS = 30_000;
/** Up this long, an instance's next exit counts as the first again. */
export const STABLE_MS = 60_000;

/** The delay before the next start, after `exitsInARow` exits without a stable run between. */
export function restartDelay(exitsInARow: number): number {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, exitsInARow - 1));
}

/** The causes `exitCause` names. */
export const EXIT_CAUSES = ["signal", "exit", "error"] as const;

/** How an instance ended, as the log and the metric name it. */
export function exitCause(code: number | null, signal: NodeJS.Signals | null) {
  if (signal) return { cause: "signal", said: `signal ${signal}` } as const;
  return code === 0
    ? ({ cause: "exit", said: "exit code 0" } as const)
    : ({ cause: "error", said: `exit code ${code}` } as const);
}

export interface ClusterMetrics {
  restarted(kind: string, instance: number, cause: string): void;
  up(kind: string, instance: number, ready: boolean): void;
  /** Where Prometheus reads them. */
  address: string;
  close(): Promise<void>;
}

/** The launcher's metrics, served on a loopback port of their own. */
export async function serveClusterMetrics(port: number): Promise<ClusterMetrics> {
  const registry = new Registry();
  const restarts = new Counter({
    name: "cluster_instance_restarts_total",
    help: "Instances the launcher started again after they exited unasked, by kind, instance and how they ended (signal, exit or error).",
    labelNames: ["kind", "instance", "cause"],
    registers: [registry],
  });
  const up = new Gauge({
    name: "cluster_instance_up",
    help: "1 while an instance runs and answered /readyz since it started, 0 while it is down or starting.",
    labelNames: ["kind", "instance"],
    registers: [registry],
  });
  const server: Server = createServer((req, res) => {
    if (req.url !== "/metrics") {
      res.writeHead(404).end();
      return;
    }
    void registry.metrics().then((text) => {
      res.writeHead(200, { "Content-Type": registry.contentType }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  // Every instance's counters exist at 0 from its first start: a series that first appeared at
  // 1 would show no increase, and the first restart would never alert.
  const known = new Set<string>();
  const register = (kind: string, instance: string) => {
    if (known.has(`${kind} ${instance}`)) return;
    known.add(`${kind} ${instance}`);
    for (const cause of EXIT_CAUSES) restarts.inc({ kind, instance, cause }, 0);
  };
  return {
    restarted: (kind, instance, cause) => {
      register(kind, String(instance));
      restarts.inc({ kind, instance: String(instance), cause });
    },
    up: (kind, instance, ready) => {
      register(kind, String(instance));
      up.set({ kind, instance: String(instance) }, ready ? 1 : 0);
    },
    address: `127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
