import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import { parseTraceparent, randomHexId, recordsSpans } from "./service-tracing";

/**
 * Without a collector (no `OTEL_EXPORTER_OTLP_ENDPOINT`, no processors), the service records no
 * span, and a call still continues its caller's trace: its log lines carry the trace id and a
 * span id of the call's own. (With spans recorded: `observability.test.ts`.)
 */
const svc = serviceForThisFile();

function requestLines(requestFilter: (line: Record<string, unknown>) => boolean) {
  return svc.logs
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === "request" && requestFilter(l));
}

describe("a call's trace without spans recorded", () => {
  it("continues the caller's trace id, with a span id of its own", async () => {
    expect(recordsSpans()).toBe(false);
    const traceId = randomBytes(16).toString("hex");
    const parentSpan = randomBytes(8).toString("hex");
    const res = await http(svc.url, "GET", "/ping", {
      key: svc.keys["master-admin"],
      headers: { traceparent: `00-${traceId}-${parentSpan}-01` },
    });
    expect(res.status).toBe(200);
    const [line] = requestLines((l) => l.traceId === traceId);
    expect(line).toMatchObject({ operationId: "getSystemStatus", status: 200, traceId });
    expect(line!.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(line!.spanId).not.toBe(parentSpan);
  });

  it("starts a trace of its own without a traceparent, or with one that is not valid", async () => {
    const before = svc.logs.length;
    for (const headers of [
      {},
      {},
      { traceparent: `00-${"0".repeat(32)}-${"1".repeat(16)}-01` },
    ] as Record<string, string>[])
      expect(
        (await http(svc.url, "GET", "/ping", { key: svc.keys["master-admin"], headers })).status,
      ).toBe(200);
    const ids = svc.logs
      .slice(before)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === "request")
      .map((l) => l.traceId);
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(id).toMatch(/^(?!0+$)[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(3);
  });
});

describe("randomHexId", () => {
  it("gives distinct ids of the asked length across refills of its pool", () => {
    // 4 KiB a pool: 1,000 draws of 24 bytes cross several refills.
    const ids = Array.from({ length: 1000 }, (_, i) => randomHexId(i % 2 ? 16 : 8));
    for (const [i, id] of ids.entries())
      expect(id).toMatch(i % 2 ? /^[0-9a-f]{32}$/ : /^[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(1000);
  });
});

describe("parseTraceparent", () => {
  const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
  const span = "00f067aa0ba902b7";
  it("reads a version 00 header, and a later version's with more fields", () => {
    expect(parseTraceparent(`00-${traceId}-${span}-01`)).toEqual({ traceId, parentSpanId: span });
    expect(parseTraceparent(`01-${traceId}-${span}-00-later`)).toEqual({
      traceId,
      parentSpanId: span,
    });
  });
  it("refuses what the recommendation calls invalid", () => {
    for (const header of [
      undefined,
      "",
      `ff-${traceId}-${span}-01`,
      `00-${traceId}-${span}-01-extra`,
      `00-${"0".repeat(32)}-${span}-01`,
      `00-${traceId}-${"0".repeat(16)}-01`,
      `00-${traceId.toUpperCase()}-${span}-01`,
      `00-${traceId.slice(1)}-${span}-01`,
    ])
      expect(parseTraceparent(header), String(header)).toBeUndefined();
  });
});
