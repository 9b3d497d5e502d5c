import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, SERVICE_NODE_FLAGS } from "./launcher";

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
    const limitMb = Number(
      execFileSync(
        process.execPath,
        [
          ...SERVICE_NODE_FLAGS,
          "-e",
          "console.log(require('node:v8').getHeapStatistics().heap_size_limit / 1048576)",
        ],
        { encoding: "utf8" },
      ),
    );
    // The old generation's 256 MB and the young generation's three 4 MB semi-spaces' worth.
    expect(limitMb).toBeGreaterThanOrEqual(256);
    expect(limitMb).toBeLessThanOrEqual(256 + 16);
  });
});
