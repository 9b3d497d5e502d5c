import "server-only";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import { processState } from "@/lib/process-state";

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The console process's metrics, one registry per process whichever bundle records (pages,
 * actions, route handlers and the proxy each run their own copy of this module): what pages
 * answered and how fast, and every call to the service with its outcome and latency.
 */
const metrics = processState("metrics", () => {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: "console_" });
  return {
    registry,
    requests: new Counter({
      name: "console_requests_total",
      help: "Requests the console answered (pages, actions, route handlers), by route, method and status.",
      labelNames: ["route", "method", "status"],
      registers,
    }),
    requestLatency: new Histogram({
      name: "console_request_duration_seconds",
      help: "Time the console took to answer a request, by route and method.",
      labelNames: ["route", "method"],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    serviceCalls: new Counter({
      name: "console_service_calls_total",
      help: "Attempts to call the service, by operation, HTTP status (0 when none came) and error code.",
      labelNames: ["operation", "status", "error"],
      registers,
    }),
    serviceLatency: new Histogram({
      name: "console_service_call_duration_seconds",
      help: "Time one attempt to call the service took, by operation.",
      labelNames: ["operation"],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
  };
});

/** One request the console answered. `route` is the route's pattern, never its values. */
export function recordConsoleRequest(r: {
  route: string;
  method: string;
  status: number;
  seconds: number;
}) {
  metrics.requests.inc({ route: r.route, method: r.method, status: String(r.status) });
  metrics.requestLatency.observe({ route: r.route, method: r.method }, r.seconds);
}

/** One attempt at a service call. */
export function recordServiceCall(c: {
  operationId: string;
  status: number | null;
  errorCode: string | null;
  seconds: number;
}) {
  metrics.serviceCalls.inc({
    operation: c.operationId,
    status: String(c.status ?? 0),
    error: c.errorCode ?? "none",
  });
  metrics.serviceLatency.observe({ operation: c.operationId }, c.seconds);
}

export async function consoleMetricsExposition() {
  return { body: await metrics.registry.metrics(), contentType: metrics.registry.contentType };
}
