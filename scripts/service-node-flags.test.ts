import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONSOLE_NODE_FLAGS, ROOT, SERVICE_NODE_FLAGS } from "./launcher";

describe("the service's Node flags", () => {
  it("are the ones every npm script that runs the service starts Node with", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    for (const name of ["start", "dev", "service"])
      expect(scripts[name], name).toMatch(
        new RegExp(`^node ${SERVICE_NODE_FLAGS.join(" ")} --import tsx `),
      );
  });

  it("bound the heap as they say", () => {
    // The old generation's 256 MB and the young generation's three 16 MB semi-spaces.
    expect(heapLimitMb(SERVICE_NODE_FLAGS)).toBe(256 + 3 * 16);
  });
});

/** The heap limit, in MB, of a Node process started with `flags`. */
const heapLimitMb = (flags: string[]) =>
  Number(
    execFileSync(
      process.execPath,
      [
        ...flags,
        "-e",
        "console.log(require('node:v8').getHeapStatistics().heap_size_limit / 1048576)",
      ],
      { encoding: "utf8" },
    ),
  );

describe("the console's Node flags", () => {
  it("start the Next.js server built for production (not the development one)", () => {
    const start = readFileSync(path.join(ROOT, "scripts", "start.ts"), "utf8");
    expect(start).toMatch(/\.\.\.\(dev \? \[\] : CONSOLE_NODE_FLAGS\),\s*NEXT_BIN,/);
  });

  it("bound its old generation as they say", () => {
    // 384 MB, and beside it the young generation this Node version sizes by default (three 16 MB
    // semi-spaces on Node 20, three 64 MB on Node 24): measured here, not assumed.
    const youngMb = heapLimitMb(["--max-old-space-size=1000"]) - 1000;
    expect(heapLimitMb(CONSOLE_NODE_FLAGS) - youngMb).toBe(384);
  });
});
