import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const readme = readFileSync("README.md", "utf8");
const layout = readme.slice(
  readme.indexOf("## Layout"),
  readme.indexOf("### Following one operation"),
);
/** The folders the table's first column names, e.g. `app/`. */
const named = [...layout.matchAll(/^\| `([^`]+)\/` +\|/gm)].map((m) => m[1]!);
const tracked = execFileSync("git", ["ls-files"], { encoding: "utf8" }).split("\n").filter(Boolean);
const topLevelFolders = [
  ...new Set(tracked.filter((f) => f.includes("/")).map((f) => f.split("/")[0]!)),
];

describe("the README's layout table", () => {
  it("names every top-level folder the repository has, and nothing it does not", () => {
    expect([...named].sort()).toEqual([...topLevelFolders].sort());
  });

  it("names only subfolders that exist", () => {
    for (const row of layout.split("\n").filter((l) => l.startsWith("| `"))) {
      const folder = row.match(/^\| `([^`]+)\/` +\|/)![1]!;
      for (const [, sub] of row.matchAll(/`([a-z][a-z0-9-]*(?:\/[a-z0-9-]+)*)\/`/g)) {
        if (sub === folder) continue;
        // A path is named inside its row's folder, or from the root (`app/api/`, "never imports from `app/`").
        expect(existsSync(`${folder}/${sub}`) || existsSync(sub!), `${folder}: ${sub}`).toBe(true);
      }
    }
  });
});
