import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLogger, isoNow, REDACTED, redact, redactText, type RequestLine } from "./logger";

const KEY = "svc_live_" + "Ab3".repeat(10) + "xy";

describe("log redaction", () => {
  it("removes anything shaped like a key from text, whole", () => {
    expect(redactText(`calling with ${KEY} now`)).toBe(`calling with ${REDACTED} now`);
    expect(redactText("prefix svc_test_abc")).toBe(`prefix ${REDACTED}`);
  });

  it("removes fields that hold secrets whatever their value, and nested keys", () => {
    expect(
      redact({ apiKey: "anything", headers: { "x-api-key": "x", accept: "json" }, note: [KEY] }),
    ).toEqual({
      apiKey: REDACTED,
      headers: { "x-api-key": REDACTED, accept: "json" },
      note: [REDACTED],
    });
  });

  it("writes JSON lines without the key", () => {
    const lines: string[] = [];
    const log = createLogger("t", "info", (l) => lines.push(l));
    log.debug("hidden");
    log.info(`signed in with ${KEY}`, { error: new Error(`bad key ${KEY}`) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(KEY);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: "info",
      logger: "t",
      error: { name: "Error" },
    });
  });

  it("drops a line below its level without reading its fields", () => {
    const lines: string[] = [];
    const log = createLogger("t", "warn", (l) => lines.push(l));
    let read = 0;
    const fields = {
      get status() {
        read++;
        return 200;
      },
    };
    log.info("request", fields);
    expect(read).toBe(0);
    log.warn("slow request", fields);
    expect(read).toBe(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "warn", status: 200 });
  });
});

describe("a call's request line", () => {
  const line: RequestLine = {
    traceId: "0af7651916cd43dd8448eb211c80319c",
    spanId: "b7ad6b7169203331",
    requestId: "0e1f8c1e-7a1b-4d59-9a52-1d4f8e6b1c2a",
    operationId: "getSystemStatus",
    method: "GET",
    path: "/ping",
    clientId: "cl_master",
    status: 429,
    error: "rate_limit_exceeded",
    durationMs: 1.3,
  };

  it("has the fields, order and shape of the logger's other lines", () => {
    const written: string[] = [];
    const log = createLogger("service", "info", (l) => written.push(l));
    log.info("request", { ...line });
    log.request(line);
    const [general, fast] = written.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(fast!)).toEqual(Object.keys(general!));
    expect({ ...fast, time: undefined }).toEqual({ ...general, time: undefined });
    expect(Date.parse(fast!.time as string)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("leaves out what a call did not have, and is dropped below info", () => {
    const written: string[] = [];
    const log = createLogger("service", "info", (l) => written.push(l));
    log.request({ ...line, clientId: undefined, status: undefined, error: undefined });
    expect(JSON.parse(written[0]!)).not.toHaveProperty("clientId");
    expect(JSON.parse(written[0]!)).not.toHaveProperty("error");
    log.setLevel("warn");
    log.request(line);
    expect(written).toHaveLength(1);
  });

  it("writes a number JSON cannot hold as null, as JSON.stringify does", () => {
    const written: string[] = [];
    const log = createLogger("service", "info", (l) => written.push(l));
    log.request({ ...line, status: Infinity, durationMs: NaN });
    expect(JSON.parse(written[0]!)).toMatchObject({ status: null, durationMs: null });
  });

  it("writes a value that needs escaping as valid JSON", () => {
    const written: string[] = [];
    const log = createLogger("service", "info", (l) => written.push(l));
    log.request({ ...line, clientId: 'a"b\\c\n' });
    expect(JSON.parse(written[0]!)).toMatchObject({ clientId: 'a"b\\c\n' });
  });
});

describe("the time on a line", () => {
  it("is what toISOString writes, within a second and across seconds", () => {
    const start = Date.UTC(2026, 10, 30, 23, 59, 58, 990);
    for (let now = start; now < start + 2_100; now += 7)
      expect(isoNow(now)).toBe(new Date(now).toISOString());
    expect(isoNow(Date.UTC(2020, 0, 1))).toBe("2020-01-01T00:00:00.000Z");
  });
});

describe("the level", () => {
  it("changes while the logger is in use", () => {
    const lines: string[] = [];
    const log = createLogger("t", "info", (l) => lines.push(l));
    log.info("first");
    log.setLevel("warn");
    log.info("dropped");
    log.warn("kept");
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(["first", "kept"]);
  });
});

describe("standard output", () => {
  it("keeps every line of a process that exits right after writing them", () => {
    // Written asynchronously; what is still buffered at exit is flushed, not lost.
    const script = `
      import { createLogger } from ${JSON.stringify(path.resolve("lib/log/logger.ts"))};
      const log = createLogger("t", "info");
      for (let i = 0; i < 2000; i++) log.info("line " + i);
      process.exit(0);
    `;
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      {
        encoding: "utf8",
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const lines = out
      .trim()
      .split("\n")
      .map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(lines).toHaveLength(2000);
    expect(lines.at(-1)).toBe("line 1999");
  });
});
