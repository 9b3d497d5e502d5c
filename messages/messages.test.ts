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
});
