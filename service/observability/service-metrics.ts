import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { type ServiceDatabase } from "../db/database";

/** Latency buckets (seconds) around what a call takes here: a few ms to a slow upload. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The refusals operators watch by name: a Client past its limits, or busy with another call. */
const REFUSALS: ReadonlyMap<string, string> = new Map([
  ["rate_limit_exceeded", "rate_limit"],
  ["client_request_in_progress", "client_busy"],
  ["idempotency_request_in_progress", "idempotency_busy"],
]);

/**
 * One instance's metrics, in the Prometheus exposition format at `GET /metrics`. A registry per
 * instance (never prom-client's global one), so several services in one process each count
 * their own. What it counts is what an operator alerts on: requests by operation, status and
 * error code with their latency, charges and refunds by billing source, refusals, jobs by family
 * and state, and the database pool.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly #requests: Counter<"operation" | "status" | "error">;
  readonly #latency: Histogram<"operation">;
  readonly #charges: Counter<"source">;
  readonly #chargedMinor: Counter<"source">;
  readonly #refunds: Counter<"source" | "reason">;
  readonly #refusals: Counter<"reason">;

  constructor(database: ServiceDatabase) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: "service_" });
    this.#requests = new Counter({
      name: "service_requests_total",
      help: "Calls answered, by operation, HTTP status and error code (none for a success).",
      labelNames: ["operation", "status", "error"],
      registers,
    });
    this.#latency = new Histogram({
      name: "service_request_duration_seconds",
      help: "Time from a call's arrival to its answer, by operation.",
      labelNames: ["operation"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.#charges = new Counter({
      name: "service_charges_total",
      help: "Billable calls charged and answered, by billing source.",
      labelNames: ["source"],
      registers,
    });
    this.#chargedMinor = new Counter({
      name: "service_charged_minor_units_total",
      help: "Amount charged, in minor currency units, by billing source.",
      labelNames: ["source"],
      registers,
    });
    this.#refunds = new Counter({
      name: "service_refunds_total",
      help: "Charges refunded, by billing source and why (the call failed, or its answer was never delivered).",
      labelNames: ["source", "reason"],
      registers,
    });
    this.#refusals = new Counter({
      name: "service_refusals_total",
      help: "Calls refused for a Client's rate limit or because it was busy with another call.",
      labelNames: ["reason"],
      registers,
    });
    const pool = database.pool;
    new Gauge({
      name: "service_db_pool_connections",
      help: "Database pool connections: open, idle, and callers waiting for one.",
      labelNames: ["state"],
      registers,
      collect() {
        this.set({ state: "open" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
    new Gauge({
      name: "service_jobs",
      help: "Jobs in the database, by family and state (read at each scrape).",
      labelNames: ["family", "state"],
      registers,
      async collect() {
        this.reset();
        const { rows } = await pool.query<{ family: string; status: string; n: string }>(
          "SELECT family, status, count(*)::text AS n FROM jobs GROUP BY family, status",
        );
        for (const r of rows) this.set({ family: r.family, state: r.status }, Number(r.n));
      },
    });
  }

  /** One call's answer: its status and error code, its latency, and what became of its charge. */
  answered(call: {
    operationId: string;
    status: number;
    errorCode: string | undefined;
    seconds: number;
    charge: { source: string; amountMinor: number } | undefined;
  }) {
    const error = call.errorCode ?? "none";
    this.#requests.inc({ operation: call.operationId, status: String(call.status), error });
    this.#latency.observe({ operation: call.operationId }, call.seconds);
    const refusal = call.errorCode ? REFUSALS.get(call.errorCode) : undefined;
    if (refusal) this.#refusals.inc({ reason: refusal });
    if (!call.charge) return;
    if (call.errorCode) this.#refunds.inc({ source: call.charge.source, reason: "failed" });
    else {
      this.#charges.inc({ source: call.charge.source });
      this.#chargedMinor.inc({ source: call.charge.source }, call.charge.amountMinor);
    }
  }

  /** Charges refunded later because their answers never reached the caller. */
  undelivered(source: string, count = 1) {
    this.#refunds.inc({ source, reason: "undelivered" }, count);
  }

  /** The exposition text and its content type. */
  async exposition(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
