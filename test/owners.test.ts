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

const texts = new Map(sources.map((f) => [f, readFileSync(f, "utf8")]));
const textOf = (file: string) => texts.get(file)!;

/** A name that may be bound under another: an identifier, not a number. */
const NAME = String.raw`[A-Za-z_$][\w$]*`;
const KEYWORDS = new Set(["null", "undefined", "true", "false", "this", "await", "new", "typeof"]);

/**
 * A module's text with every renamed binding under the name it was given first
 * (`import { a as b }`, `export { a as b }`, `const { a: b } = …`, `const b = a;`,
 * `const b = module.a;`), so a guard that looks for a name finds it however it was imported.
 */
function unaliased(source: string): string {
  const renames = new Map<string, string>();
  for (const [, list] of source.matchAll(/\b(?:import|export)\s+(?:type\s+)?\{([^}]*)\}/g))
    for (const [, from, to] of list!.matchAll(
      new RegExp(`\\b(${NAME})\\s+as\\s+(${NAME})\\b`, "g"),
    ))
      renames.set(to!, from!);
  for (const [, list] of source.matchAll(/\b(?:const|let|var)\s*\{([^}]*)\}\s*=/g))
    for (const [, from, to] of list!.matchAll(new RegExp(`\\b(${NAME})\\s*:\\s*(${NAME})\\b`, "g")))
      renames.set(to!, from!);
  for (const [, to, from] of source.matchAll(
    new RegExp(
      `\\b(?:const|let|var)\\s+(${NAME})\\s*=\\s*(?:${NAME}\\s*\\.\\s*)*(${NAME})\\s*[;\\n]`,
      "g",
    ),
  ))
    if (!KEYWORDS.has(from!)) renames.set(to!, from!);
  let text = source;
  for (const [to, from] of renames)
    if (to !== from)
      text = text.replace(
        new RegExp(`(?<![\\w$.])${to.replace(/\$/g, "\\$")}(?![\\w$])`, "g"),
        from,
      );
  return text;
}

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
    fact: "Which characters a person cannot see (controls, direction overrides)",
    owner: "lib/validation/invisible-characters.ts",
    // A character class of them written out: a NUL's range, a direction override's.
    written: /\\u(0000-|202[aA]|2066)/,
  },
  {
    fact: "A PostgreSQL error code",
    owner: "lib/db/postgres-errors.ts",
    written:
      /["'](23505|23503|23514|40001|40P01|55P03|57014|57P01|08006|42P01)["']|\.code\s*===?\s*["'][0-9A-Z]{5}["']/,
  },
];

/** Where each match of `pattern` (made global) is in `file`, as `file:line: text`. */
function hits(file: string, pattern: RegExp): string[] {
  const text = textOf(file);
  return [...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))].map(
    (m) => {
      const line = text.slice(0, m.index).split("\n").length;
      return `${file}:${line}: ${text.split("\n")[line - 1]!.trim()}`;
    },
  );
}

const isServerActions = (file: string) => /^["']use server["']/.test(textOf(file));
const consoleSide = sources.filter((f) => /^(app|components)\//.test(f));

/**
 * The audit log is written by the owners of an audited act alone (an operation's action, a
 * console duty, a person's own act, a sign-in or sign-out, a step-up), each through the store's
 * writer: never by hand in an action or a route, where an entry would miss its refusals or turn
 * a failed write into the failure of a change already made. A writer is caught however it is
 * named: its functions under any alias, its module taken whole, or its table written directly.
 */
const AUDIT = {
  fact: "Writing an audit entry (never by hand in an action or a route)",
  writers: [
    "lib/store/audit-log.ts",
    "lib/actions/define-action.ts",
    "lib/actions/console-duty.ts",
    "lib/people/person-audit.ts",
    "lib/people/sign-in-audit.ts",
    "lib/people/step-up.ts",
  ],
  written:
    /\brecordAudit(?:OrLog)?\b|import\s*\*\s*as\s+[\w$]+\s+from\s*["'][^"']*\/audit-log["']|import\(\s*["'][^"']*\/audit-log["']\s*\)|\.insert\(\s*(?:[\w$]+\.)?auditLog\b|insert\s+into\s+"?console_audit_log\b/i,
};

/**
 * A bound the contract owns, or the console's own bound on what people type, written as a
 * number in a server action or a form's schema (a second copy that drifts from the first):
 * `.max(500)`, `.length(17)`, `.min(12)`, `requiredText(320, …)`, `value.length > 256`. A bound
 * is read from `lib/api/contract/` or from `lib/validation/form-bounds.ts`. `.min(1, …)` is not
 * a bound but a field that must be filled in.
 */
const BOUNDS = {
  fact: "A bound on what a form or a server action takes",
  owners: ["lib/api/contract/", "lib/validation/form-bounds.ts"],
  // Every schema, whatever its file is called: a form's, a list's address, an action's input.
  readers: consoleSide.filter(
    (f) =>
      /\.schema\.tsx?$/.test(f) ||
      /from\s*["']zod["']/.test(textOf(f)) ||
      (f.startsWith("app/") && isServerActions(f)),
  ),
  written:
    /(?<!\bMath)\.(?:max|length|size|gte?|lte?)\(\s*-?\d|(?<!\bMath)\.min\(\s*(?!1\s*[,)])-?\d|requiredText\(\s*\d|\.length\s*[<>]=?\s*\d[\d_]*\d/,
};

/** A list of choices the contract owns (a mode, a role, a status), written out on the console's side. */
const CHOICES = {
  fact: "A list of choices a field or a list's address takes",
  owners: ["lib/api/contract/", "lib/list-params.ts"],
  written: /\bz\.enum\(\s*\[/,
};

/**
 * An Idempotency-Key made on the console's side: `useActionSubmit` and `useActionCall` give each
 * change its key (kept across a retry, renewed after a success), made by `newIdempotencyKey`.
 */
const KEYS = {
  fact: "Making an Idempotency-Key in the browser",
  owners: ["lib/actions/use-action-submit.ts", "lib/actions/use-idempotency-key.ts"],
  made: /\bcrypto\.randomUUID\(|\bgetRandomValues\(|\buseIdempotencyKey\b/,
};

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
    const writers = sources.filter((f) => written.test(unaliased(textOf(f))));
    expect(writers.filter((f) => f !== owner)).toEqual([]);
    expect(writers).toContain(owner);
  });

  it("lists the guards below, each with its owners and this test", () => {
    for (const { fact, owners } of [
      { fact: AUDIT.fact, owners: AUDIT.writers },
      { fact: BOUNDS.fact, owners: BOUNDS.owners },
      { fact: KEYS.fact, owners: KEYS.owners },
      { fact: CHOICES.fact, owners: CHOICES.owners },
    ]) {
      const row = table.find((r) => r.fact === fact);
      expect(row, fact).toBeDefined();
      for (const owner of owners) expect(row!.owner, fact).toContain(`\`${owner}\``);
      expect(row!.guard, fact).toBe("`test/owners.test.ts`");
    }
  });

  it("has the audit log written by the owners of audited acts alone, never an action or a route", () => {
    // (A benchmark and a browser test seed entries on purpose.)
    const writers = sources.filter(
      (f) => !/^(bench|e2e)\//.test(f) && AUDIT.written.test(unaliased(textOf(f))),
    );
    expect(writers.filter((f) => !AUDIT.writers.includes(f))).toEqual([]);
    expect([...writers].sort()).toEqual([...AUDIT.writers].sort());
  });

  it("has no bound written as a number in a server action or a form's schema", () => {
    expect(BOUNDS.readers.length).toBeGreaterThan(20);
    expect(BOUNDS.readers.flatMap((f) => hits(f, BOUNDS.written))).toEqual([]);
  });

  it("has no list of choices written out on the console's side", () => {
    expect(consoleSide.flatMap((f) => hits(f, CHOICES.written))).toEqual([]);
  });

  it("has no Idempotency-Key made on the console's side outside useActionSubmit", () => {
    expect(consoleSide.flatMap((f) => hits(f, KEYS.made))).toEqual([]);
    for (const owner of KEYS.owners) expect(KEYS.made.test(textOf(owner)), owner).toBe(true);
  });
});

describe("the guards' reading of a module", () => {
  const duty = SOLE_OWNERS.find((o) => o.owner === "lib/actions/console-duty.ts")!.written;
  const dodges = [
    `import { dutyRefusal as may } from "@/lib/auth/rights";\nimport { recordAuditOrLog as note } from "@/lib/store/audit-log";\nif (may(s, "x")) await note(entry);`,
    `import { dutyRefusal } from "@/lib/auth/rights";\nconst { recordAudit: note } = await import("@/lib/store/audit-log");\ndutyRefusal(s, "x"); await note(entry);`,
    `import * as rights from "@/lib/auth/rights";\nimport * as log from "@/lib/store/audit-log";\nconst check = rights.dutyRefusal;\nconst write = log.recordAuditOrLog;\ncheck(s, "x"); write(entry);`,
  ];

  it.each(dodges)("sees a duty checked and audited by hand however it is named: %s", (source) => {
    expect(duty.test(unaliased(source))).toBe(true);
  });

  it.each([
    `import { recordAuditOrLog as note } from "@/lib/store/audit-log";`,
    `import * as store from "@/lib/store/audit-log";\nawait store["record" + "Audit"](entry);`,
    `const store = await import("@/lib/store/audit-log");`,
    `import { auditLog as table } from "@/lib/store/schema";\nawait db.insert(table).values(row);`,
  ])("sees the audit log written however its writer is named: %s", (source) => {
    expect(AUDIT.written.test(unaliased(source))).toBe(true);
  });

  it("leaves a module that reads the audit log alone", () => {
    const reader = `import { listAudit, type AuditRow } from "@/lib/store/audit-log";`;
    expect(AUDIT.written.test(unaliased(reader))).toBe(false);
  });

  it.each([
    `z.string().max(500, "At most 500 characters.")`,
    `z.string().max(\n  500,\n  "At most 500 characters.",\n)`,
    `z.string().min(12)`,
    `z.string().length(17)`,
    `requiredText(320, words)`,
    `if (!apiKey || apiKey.length > 256) return refused()`,
  ])("sees a bound written as a number: %s", (source) => {
    expect(BOUNDS.written.test(source)).toBe(true);
  });

  it.each([
    `z.string().min(1, "Enter the client secret.")`,
    `z.string().max(FORM_BOUNDS.apiKey, atMostCharacters(FORM_BOUNDS.apiKey))`,
    `if (lines.length > 0) return`,
  ])("leaves a required field or a named bound alone: %s", (source) => {
    expect(BOUNDS.written.test(source)).toBe(false);
  });
});
