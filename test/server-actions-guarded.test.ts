import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Every server action of the signed-in console is refused on the server to a role it is not for:
 * it is built with `defineAction` (which checks the role against its operation) or a wrapper of
 * it, or it is run by `asConsoleDuty` (which checks a console duty and audits it: a hand-written
 * `dutyRefusal` does not count), or it asks `mayCall` itself (directly or through a helper of its
 * module that does), or
 * it refuses every person (the key holder's own step of becoming the owner), or it is one of the
 * few that are every member's own business, named here with the reason. A new
 * action that does none of these fails this test, whatever page offers it.
 */
const EVERY_MEMBER = new Map([
  ["dismissUsageWarningsAction", "hides the banner for the person's own session"],
  ["confirmStepUpAction", "confirms it is the person, for their own next dangerous action"],
  ["stepUpPasskeyOptionsAction", "the same, with a passkey"],
  ["confirmStepUpWithPasskeyAction", "the same, with a passkey"],
  ["endOwnSessionAction", "ends one of the person's own sessions"],
  ["switchOrganizationAction", "moves the person to another organization of theirs"],
  ["addPasskeyOptionsAction", "adds a passkey to the person's own sign-in"],
  ["addPasskeyAction", "adds a passkey to the person's own sign-in"],
  ["removePasskeyAction", "removes one of the person's own passkeys"],
  ["savePreferencesAction", "the person's own language, formats and time zone"],
]);

const files = execFileSync("git", ["ls-files", "app/(console)"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => /\.tsx?$/.test(f))
  .filter((f) => readFileSync(f, "utf8").startsWith('"use server"'));

/**
 * A role check (of a console duty, or of the operation a read-only action calls), or a builder
 * of actions that makes one (`defineOrder` is `defineAction`'s; `asConsoleDuty` checks a duty).
 */
const GUARD = /mayCall\(|defineAction\(|defineOrder\(|bodyAction\(|asConsoleDuty\(/;

interface Exported {
  name: string;
  text: string;
}

/** The module's exported values, each with its text up to the next top-level declaration. */
function exportsOf(source: string): Exported[] {
  const starts = [...source.matchAll(/^export (?:async function|const) (\w+)/gm)];
  return starts.map((m) => {
    const end = source.slice(m.index + 1).search(/^(?:export |const |async function |function )/m);
    return {
      name: m[1]!,
      text: source.slice(m.index, end === -1 ? undefined : m.index + 1 + end),
    };
  });
}

/** Module-level helpers (functions and consts) whose bodies guard by role. */
function guardingHelpers(source: string): string[] {
  return [...source.matchAll(/^(?:async function|function|const) (\w+)/gm)]
    .map((m) => {
      const rest = source.slice(m.index + 1);
      const end = rest.search(/^(?:export |const |async function |function )/m);
      return { name: m[1]!, body: end === -1 ? rest : rest.slice(0, end) };
    })
    .filter((h) => GUARD.test(h.body))
    .map((h) => h.name);
}

describe("server actions", () => {
  it("are found in the console's modules", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  for (const file of files) {
    const source = readFileSync(file, "utf8");
    const helpers = guardingHelpers(source);
    for (const { name, text } of exportsOf(source)) {
      if (/^export const \w+ = (?:z\.|\{|\[|")/.test(text) || /^export type/.test(text)) continue;
      it(`${file}: ${name} is refused to a role it is not for`, () => {
        const guarded =
          GUARD.test(text) ||
          /actor\.kind !== "key"/.test(text) ||
          helpers.some((h) => new RegExp(`\\b${h}\\b`).test(text));
        expect(guarded || EVERY_MEMBER.has(name), `${name} in ${file}`).toBe(true);
      });
    }
  }

  it("an order's action is built by defineAction", () => {
    const orders = readFileSync("app/(console)/jobs/_lib/job-orders.ts", "utf8");
    expect(orders.slice(orders.indexOf("export function defineOrder"))).toMatch(
      /return defineAction</,
    );
  });

  it("every member's own actions still exist (a stale name here would hide a new action)", () => {
    const all = files.flatMap((f) => exportsOf(readFileSync(f, "utf8")).map((e) => e.name));
    for (const name of EVERY_MEMBER.keys()) expect(all).toContain(name);
  });
});
