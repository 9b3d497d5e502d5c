import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md names each cross-cutting fact's one owner and the guard that keeps it
 * there. This test holds the table to the tree, and is the guard of the rows that name it: each
 * fact below is written by its owner alone.
 */
const table = readFileSync("docs/architecture.md", "utf8")
  .split("\n")
  .filter((line) => line.startsWith("| ") && !line.startsWith("| Fact") && !line.startsWith("| -"))
  .map((line) => {
    const [fact, owner, guard] = line
      .split("|")
      .slice(1, 4)
      .map((cell) => cell.trim());
    return { fact: fact!, owner: owner!, guard: guard! };
  });

const eslintConfig = readFileSync("eslint.config.mjs", "utf8");

/** Product and program source: what the guards read (tests may build a second copy on purpose). */
const sources = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "*.ts", "*.tsx", "*.mjs"],
  {
    encoding: "utf8",
  },
)
  .split("\n")
  .filter((f) => f && !/\.test\.tsx?$/.test(f) && !f.includes("/migrations/"));

/** Each fact written by its owner alone: the files whose text matches, where only the owner may. */
const SOLE_OWNERS: { fact: string; owner: string; written: RegExp }[] = [
  {
    fact: "A refusal's issues as field errors",
    owner: "lib/actions/action-result.ts",
    written: /\b(function|const|let|var)\s+fieldErrorsOf\b|\.path\]\s*\?\?=/,
  },
  {
    fact: "A console duty's check and audit (an action that is not a service operation)",
    owner: "lib/actions/console-duty.ts",
    // A duty checked and an audit entry written by hand in one file.
    written: /dutyRefusal\([\s\S]*recordAudit(OrLog)?\(|recordAudit(OrLog)?\([\s\S]*dutyRefusal\(/,
  },
  {
    fact: "Claiming a scheduled round once across instances",
    owner: "lib/db/claim-round.ts",
    written:
      /\.insert\(\s*[\w.]*[rR]ounds\b|insert\s+into\s+\w*rounds\b|claimed_?[bB]y\b[^\n]*onConflictDoNothing|on conflict[^\n]*do nothing returning slot/,
  },
  {
    fact: "Migrating a database while other instances wait",
    owner: "lib/db/migrate-under-lock.ts",
    written: /drizzle-orm\/[\w-]+\/migrator/,
  },
  {
    fact: "A code a person types, held to the contract",
    owner: "lib/validation/typed-code.ts",
    written: /\.trim\(\)\.toUpperCase\(\)\)?\s*\.pipe\(/,
  },
  {
    fact: "A PostgreSQL error code",
    owner: "lib/db/postgres-errors.ts",
    written:
      /["'](23505|23503|23514|40001|40P01|55P03|57014|57P01|08006|42P01)["']|\.code\s*===?\s*["'][0-9A-Z]{5}["']/,
  },
];

describe("the owners table (docs/architecture.md)", () => {
  it("has rows, each naming an owner and a guard that exist", () => {
    expect(table.length).toBeGreaterThanOrEqual(SOLE_OWNERS.length);
    for (const { fact, owner, guard } of table) {
      const paths = [...owner.matchAll(/`([\w./()[\]-]+\/?[\w.-]*)`/g)]
        .map((m) => m[1]!)
        .filter((p) => p.includes("/"));
      for (const path of paths) expect(existsSync(path), `${fact}: owner ${path}`).toBe(true);
      const lint = /^lint `(\w+)`$/.exec(guard);
      if (lint) {
        // The constant is defined and used by a rule.
        expect(eslintConfig, `${fact}: ${guard}`).toMatch(new RegExp(`const ${lint[1]} =`));
        expect(eslintConfig.split(lint[1]!).length, `${fact}: ${guard} unused`).toBeGreaterThan(2);
      } else {
        const test = /^`([\w./-]+\.test\.ts)`$/.exec(guard);
        expect(test, `${fact}: a guard is a lint rule or a test`).not.toBeNull();
        expect(existsSync(test![1]!), `${fact}: ${guard}`).toBe(true);
      }
    }
  });

  it("lists every fact this test guards, with this test as its guard", () => {
    for (const { fact, owner } of SOLE_OWNERS) {
      const row = table.find((r) => r.fact === fact);
      expect(row, fact).toBeDefined();
      expect(row!.owner, fact).toContain(`\`${owner}\``);
      expect(row!.guard, fact).toBe("`test/owners.test.ts`");
    }
  });

  it.each(SOLE_OWNERS)("has $fact written by $owner alone", ({ owner, written }) => {
    const writers = sources.filter((f) => written.test(readFileSync(f, "utf8")));
    expect(writers.filter((f) => f !== owner)).toEqual([]);
    expect(writers).toContain(owner);
  });
});
