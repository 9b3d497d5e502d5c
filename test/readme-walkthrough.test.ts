import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OPERATION_IDS } from "@/lib/api/contract/operations";
import { pipelineSteps } from "@/service/app";
import { allHandlers } from "@/service/routes";

/**
 * The README's "Following one operation" walks one call through the files a newcomer opens. This
 * test holds it to the tree: every path it names exists, and every name it pins to a file is
 * found there, so a renamed file or identifier fails here before the walk misleads anyone.
 */
const readme = readFileSync("README.md", "utf8");
const start = readme.indexOf("### Following one operation");
const section = readme.slice(start, readme.indexOf("\n## ", start));
const quoted = [...section.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

const isPath = (token: string) =>
  /^[\w.()*[\]-]+(\/[\w.()*[\]-]+)*\/?$/.test(token) && token.includes("/");
const paths = quoted.filter(isPath);

/**
 * Where a path named in the walk is: from the root, or inside a folder named before it
 * (`_lib/…` beside `app/(console)/sub-users/page.tsx`, `pipeline/call.ts` beside `service/app.ts`).
 * A `*` in the last segment matches at least one file.
 */
function resolve(token: string, before: string[]): string | undefined {
  const bases = ["", ...before.map((p) => (p.endsWith("/") ? p : path.dirname(p) + "/"))];
  for (const base of bases) {
    const full = base + token;
    if (!full.includes("*")) {
      if (existsSync(full)) return full;
      continue;
    }
    const dir = path.dirname(full);
    const pattern = new RegExp(
      "^" + path.basename(full).replace(/[.]/g, "\\.").replace(/\*/g, "[^/]*") + "$",
    );
    if (existsSync(dir) && readdirSync(dir).some((f) => pattern.test(f))) return full;
  }
  return undefined;
}

const resolved = new Map(paths.map((p, i) => [p, resolve(p, paths.slice(0, i))]));

/** The text of a file, or of every file under a folder. */
function textOf(where: string): string {
  if (!statSync(where).isDirectory()) return readFileSync(where, "utf8");
  return readdirSync(where, { recursive: true, encoding: "utf8" })
    .map((f) => path.join(where, f))
    .filter((f) => statSync(f).isFile())
    .map((f) => readFileSync(f, "utf8"))
    .join("\n");
}

/** A name is found as a whole word; a piece of code, piece by piece (`defineAction({ a, b })`). */
function found(text: string, name: string): boolean {
  const flat = text.replace(/\s+/g, " ");
  return name
    .split(/[(){},]/)
    .map((piece) => piece.trim())
    .filter(Boolean)
    .every((piece) =>
      new RegExp(`(^|[^\\w$])${piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\w$])`).test(
        flat,
      ),
    );
}

/** The prose's own pins: "`createSubUserAction` in `app/…/actions.ts`", "`A` and `B` in `…`". */
const proseTies = [
  ...section.replace(/\s+/g, " ").matchAll(/((?:`[\w$]+`(?:,| and) )*`[\w$]+`) in `([^`]+)`/g),
].flatMap((m) => [...m[1]!.matchAll(/`([\w$]+)`/g)].map((n) => ({ name: n[1]!, path: m[2]! })));

/**
 * What the walk names beside a file without saying "in": each name, and the file it is found in.
 * A name the walk adds that is neither a path, a step nor pinned fails the last test: pin it here.
 */
const PINNED: { name: string; path: string }[] = [
  { name: "createClientUser", path: "lib/api/contract/client-users.operations.ts" },
  { name: "replaySafe: false", path: "lib/api/contract/client-users.operations.ts" },
  { name: "clientUserName", path: "app/(console)/sub-users/_lib/create-sub-user.schema.ts" },
  { name: "PROVIDER_TEXTS", path: "app/(console)/sub-users/_lib/create-sub-user.schema.ts" },
  {
    name: 'defineAction({ operation: "createClientUser", input: createClientUserRequest })',
    path: "app/(console)/sub-users/actions.ts",
  },
  { name: "defineAction", path: "lib/actions/" },
  { name: "ADMISSION_ORDER", path: "service/app.ts" },
];

/** `api.createClientUser(...)`: an operation's method on the client `bindApi` binds. */
const clientCalls = quoted
  .map((token) => /^api\.(\w+)\(\.\.\.\)$/.exec(token))
  .filter((m) => m !== null)
  .map((m) => ({ token: m[0], operation: m[1]! }));

/** The step names the walk lists, in its order. */
const listed = (() => {
  const from = section.indexOf("named steps (");
  const list = section.slice(from, section.indexOf("), one file each", from));
  return [...list.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
})();
const steps = pipelineSteps(allHandlers).map(([name]) => name);

describe("the README's walk through one operation", () => {
  it("names paths", () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  it.each(paths)("names %s, which exists", (token) => {
    expect(resolved.get(token), `${token} is not in the tree`).toBeDefined();
  });

  it("pins names to files in its own words", () => {
    expect(proseTies.map((t) => t.name)).toEqual(
      expect.arrayContaining(["createSubUserAction", "bindApi", "createClient", "issueApiKey"]),
    );
  });

  it.each([...proseTies, ...PINNED])("finds $name in $path", ({ name, path: where }) => {
    const file = paths.includes(where) ? resolved.get(where) : where;
    expect(file && existsSync(file), `${where} is not in the tree`).toBeTruthy();
    expect(found(textOf(file!), name), `${name} is not in ${file}`).toBe(true);
  });

  it("lists the pipeline's steps as service/app.ts runs them", () => {
    expect(listed).toEqual(steps);
  });

  it.each(clientCalls)("calls $operation, an operation of the contract", ({ operation }) => {
    expect(OPERATION_IDS).toContain(operation);
  });

  it("names nothing this test does not check", () => {
    const checked = new Set([
      ...paths,
      ...steps,
      ...proseTies.map((t) => t.name),
      ...PINNED.map((p) => p.name),
      ...clientCalls.map((c) => c.token),
    ]);
    expect(quoted.filter((token) => !checked.has(token))).toEqual([]);
  });

  it("pins only what the walk says, to files it names", () => {
    const named = new Set(resolved.values());
    for (const { name, path: where } of PINNED) {
      expect(section, name).toContain(name);
      expect(named.has(where), `${where} is not named in the walk`).toBe(true);
    }
  });
});
