import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@/lib/i18n/languages";

type Messages = { [key: string]: string | Messages };

const read = (language: string): Messages =>
  JSON.parse(readFileSync(join(__dirname, `${language}.json`), "utf8")) as Messages;

/** Every message by its dotted key. */
function flatten(messages: Messages, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The arguments a message names, with their kinds ("count:plural", "name:argument"). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument) into.add(`${e.value}:argument`);
    if (e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time)
      into.add(`${e.value}:${TYPE[e.type]}`);
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      into.add(`${e.value}:${TYPE[e.type]}`);
      for (const option of Object.values(e.options)) argumentsOf(option.value, into);
    }
    if (e.type === TYPE.tag) {
      into.add(`${e.value}:tag`);
      argumentsOf(e.children, into);
    }
  }
  return into;
}

describe("the message files", () => {
  const english = flatten(read("en"));

  it("are one per language, and no more", () => {
    const files = readdirSync(__dirname)
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.replace(/\.json$/, ""))
      .sort();
    expect(files).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.filter((l) => l !== "en"))(
    "%s has English's keys, each with the same arguments",
    (language) => {
      const other = flatten(read(language));
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, message] of english)
        expect({ key, args: [...argumentsOf(parse(other.get(key)!))].sort() }).toEqual({
          key,
          args: [...argumentsOf(parse(message))].sort(),
        });
    },
  );

  it.each([...LANGUAGES])("%s's messages all parse and none is empty", (language) => {
    for (const [key, message] of flatten(read(language))) {
      expect({ key, empty: message.trim() === "" }).toEqual({ key, empty: false });
      expect(() => parse(message), key).not.toThrow();
    }
  });

  it("has no key that no source asks for", () => {
    const asked = askedKeys();
    const unused = [...english.keys()].filter((key) => !asked(key));
    expect(unused).toEqual([]);
  });
});

const ROOT = join(__dirname, "..");

function* sources(folder: string): Generator<string> {
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/**
 * Namespaces whose keys the code names by its own identifiers, not by string literals: each
 * operation id and console event's label (`lib/audit-labels.test.ts` holds them to the
 * operations).
 */
const NAMED_BY_IDENTIFIERS = ["audit.labels."];

/**
 * Whether a source asks for a key: some namespace a file asks for (the first argument of
 * `useTranslations` or `getTranslations`) followed by a key some file names as a string literal
 * (`t("heading")`, a table of keys, a `{ key: "noMatch" }`), or the dotted key written whole. A
 * key built at run time asks for every key under its fixed part (`` t(`formatNames.${format}`) ``)
 * or, with a fixed end (`` t(`${role}.lower`) ``), every such key of the namespace.
 */
function askedKeys(): (key: string) => boolean {
  const namespaces = new Set<string>([""]);
  const literals = new Set<string>();
  const prefixes = new Set<string>(NAMED_BY_IDENTIFIERS);
  const suffixes = new Set<string>();
  for (const folder of ["app", "components", "lib", "i18n"])
    for (const file of sources(folder)) {
      const text = readFileSync(join(ROOT, file), "utf8");
      for (const m of text.matchAll(
        /(?:useTranslations|getTranslations|serverWords)\(\s*(?:\{[^}]*namespace:\s*)?["'`]([\w.-]+)["'`]/g,
      ))
        namespaces.add(m[1]!);
      // A translator made outside a request (`createTranslator({ …, namespace: "…" })`).
      for (const m of text.matchAll(/namespace:\s*["'`]([\w.-]+)["'`]/g)) namespaces.add(m[1]!);
      for (const m of text.matchAll(/["'`]([\w-]+(?:\.[\w-]+)*)["'`]/g)) literals.add(m[1]!);
      for (const m of text.matchAll(/`([\w-]+(?:\.[\w-]+)*)\.\$\{/g)) prefixes.add(`${m[1]}.`);
      for (const m of text.matchAll(/`\$\{[^}]+\}\.([\w-]+(?:\.[\w-]+)*)`/g))
        suffixes.add(`.${m[1]}`);
    }
  return (key) => {
    const parts = key.split(".");
    for (let i = 0; i < parts.length; i++) {
      const ns = parts.slice(0, i).join(".");
      if (!namespaces.has(ns)) continue;
      const rest = parts.slice(i).join(".");
      if (literals.has(rest)) return true;
      if ([...prefixes].some((p) => rest.startsWith(p) || key.startsWith(p))) return true;
      if ([...suffixes].some((x) => rest.endsWith(x) && !rest.slice(0, -x.length).includes(".")))
        return true;
    }
    return false;
  };
}
