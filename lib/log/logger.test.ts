import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLogger, REDACTED, redact, redactText } from "./logger";

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
