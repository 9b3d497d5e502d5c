import { randomBytes } from "node:crypto";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-node";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { newestMigration, readinessOf } from "@/lib/observability/readiness";
import { type HandlerMap } from "@/service/context";
import { MIGRATIONS_FOLDER } from "@/service/db/database";
import { recordsSpans, startServiceTracing } from "@/service/observability/service-tracing";
import { allHandlers } from "@/service/routes";
import { sampleValue } from "@/test/support/exposition";
import { http, serviceForThisFile } from "@/test/support/service-harness";

let hold: Promise<void> = Promise.resolve();
let entered: () => void = () => {};

/** A translation that, while `hold` is pending, stays in flight (a slow call at shutdown). */
const handlers: HandlerMap = {
  async translatePartName(ctx) {
    entered();
    await hold;
    return allHandlers.translatePartName!(ctx);
  },
};

// Registered before this file's service starts, so its provider keeps every span in memory.
const spans = new InMemorySpanExporter();
startServiceTracing([new SimpleSpanProcessor(spans)]);

const svc = serviceForThisFile();

const scrape = async (base: string) => {
  const res = await fetch(`${base}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain");
  return res.text();
};

const translate = (base: string, key: string) =>
  http(base, "GET", "/translation/translations?sourceLanguage=de&text=Bremsscheibe", { key });

describe("health", () => {
  it("GET /healthz answers without a key, outside the pipeline", async () => {
    const res = await http(svc.url, "GET", "/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
    expect(res.headers.get("x-request-id")).toBeNull();
  });

  it("GET /readyz checks the database, the migrations and draining", async () => {
    const ready = await http(svc.url, "GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "current", draining: false },
    });

    svc.service.context.lifecycle.draining = true;
    try {
      const draining = await http(svc.url, "GET", "/readyz");
      expect(draining.status).toBe(503);
      expect(draining.body).toMatchObject({ status: "not_ready", checks: { draining: true } });
      // Every answer while draining closes its connection, so proxies move to other instances.
      expect(draining.headers.get("connection")).toBe("close");
      const ping = await http(svc.url, "GET", "/ping", { key: svc.keys["master-admin"] });
      expect(ping.status).toBe(200);
      expect(ping.headers.get("connection")).toBe("close");
    } finally {
      svc.service.context.lifecycle.draining = false;
    }
  });

  it("a database behind this code's migrations, or unreachable, is not ready", async () => {
    const newest = newestMigration(MIGRATIONS_FOLDER);
    expect(newest).toBeGreaterThan(0);
    const pool = new pg.Pool({ connectionString: svc.databaseUrl, max: 1 });
    try {
      expect((await readinessOf(pool, newest, false)).ready).toBe(true);
      expect(await readinessOf(pool, newest + 1, false)).toEqual({
        ready: false,
        checks: { database: "ok", migrations: "behind", draining: false },
      });
    } finally {
      await pool.end();
    }
    const nowhere = new pg.Pool({ connectionString: "postgres://x:y@127.0.0.1:9/none", max: 1 });
    nowhere.on("error", () => {});
    try {
      expect(await readinessOf(nowhere, newest, false)).toEqual({
        ready: false,
        checks: { database: "unreachable", migrations: "unknown", draining: false },
      });
    } finally {
      await nowhere.end();
    }
  });
});

describe("GET /metrics", () => {
  it("counts requests by operation, status and error, charges by source, and the pool", async () => {
    const key = svc.keys["master-admin"];
    const before = await scrape(svc.url);
    await http(svc.url, "GET", "/ping", { key });
    await http(svc.url, "GET", "/ping");
    const charged = await translate(svc.url, key);
    expect(charged.status).toBe(200);
    const source = charged.headers.get("x-service-billing-source")!;
    const after = await scrape(svc.url);

    const delta = (name: string, labels: Record<string, string>) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(
      delta("service_requests_total", {
        operation: "getSystemStatus",
        status: "200",
        error: "none",
      }),
    ).toBe(1);
    expect(
      delta("service_requests_total", {
        operation: "getSystemStatus",
        status: "401",
        error: "api_key_missing",
      }),
    ).toBe(1);
    expect(delta("service_charges_total", { source })).toBe(1);
    expect(
      delta("service_request_duration_seconds_count", { operation: "translatePartName" }),
    ).toBe(1);
    expect(sampleValue(after, "service_db_pool_connections", { state: "open" })).toBeGreaterThan(0);
    expect(after).toMatch(/^service_process_cpu_user_seconds_total \d/m);
  });

  it("counts jobs by family and state, read from the database", async () => {
    const text = await scrape(svc.url);
    expect(text).toContain("# TYPE service_jobs gauge");
  });
});

describe("traces", () => {
  it("a call continues the caller's W3C trace: its log line carries the trace id", async () => {
    const traceId = randomBytes(16).toString("hex");
    const parentSpan = randomBytes(8).toString("hex");
    await http(svc.url, "GET", "/ping", {
      key: svc.keys["master-admin"],
      headers: { traceparent: `00-${traceId}-${parentSpan}-01` },
    });
    const lines = svc.logs.filter((l) => l.includes(traceId)).map((l) => JSON.parse(l));
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: "request", operationId: "getSystemStatus", traceId }),
    );
    // The service's own span, a child of the caller's.
    const spanId = lines.find((l) => l.msg === "request")!.spanId;
    expect(spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(spanId).not.toBe(parentSpan);

    // Given a processor, the service records spans: the call's span continues the caller's;
    // its statements are spans inside it.
    expect(recordsSpans()).toBe(true);
    const mine = spans.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    const call = mine.find((s) => s.name === "GET /ping")!;
    expect(call.spanContext().spanId).toBe(spanId);
    expect(call.parentSpanContext?.spanId).toBe(parentSpan);
    const statements = mine.filter((s) => s.name === "db.query");
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) {
      expect(s.parentSpanContext?.spanId).toBe(spanId);
      expect(String(s.attributes["db.statement"])).not.toContain(svc.keys["master-admin"]);
    }
  });
});

describe("graceful shutdown", () => {
  it("a stopping instance finishes the call in flight, refuses a busy Client, then takes no connection", async () => {
    const sibling = await svc.startSibling(handlers);
    const base = sibling.address;
    const key = svc.keys["master-admin"];
    let release: () => void = () => {};
    hold = new Promise((r) => (release = r));
    const arrived = new Promise<void>((r) => (entered = r));
    const inFlight = translate(base, key);
    await arrived;

    // The same Client, meanwhile: refused as busy, and counted as such.
    const busy = await http(base, "GET", "/client/credits", { key });
    expect(busy.body.error).toBe("client_request_in_progress");
    expect(
      sampleValue(await scrape(base), "service_refusals_total", { reason: "client_busy" }),
    ).toBe(1);

    const stopped = sibling.stop();
    await new Promise((r) => setTimeout(r, 200));
    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-service-billing-source")).not.toBeNull();
    // Draining began while it was under way: its answer closes the connection all the same.
    expect(answer.headers.get("connection")).toBe("close");
    await stopped;
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    hold = Promise.resolve();
  });
});
