import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import english from "@/messages/en.json";
import german from "@/messages/de.json";
import { formatsFor } from "@/lib/i18n/formats";
import { fieldError, fieldErrorWords } from "./field-error";
import { humanIssue } from "./human-issues";

const inWords = (language: "en" | "de", format: "en-GB" | "de-DE" = "en-GB") => {
  const t = createTranslator({
    locale: language,
    messages: language === "en" ? english : german,
    namespace: "fieldErrors",
  });
  const formats = formatsFor({ format, timeZone: "UTC", now: 0 });
  return (message: string) => fieldErrorWords(message, t, formats.count);
};

const messages = (schema: z.ZodType, value: unknown, words = inWords("en")) => {
  const result = schema.safeParse(value, { error: humanIssue });
  return result.success ? [] : result.error.issues.map((i) => words(i.message));
};

describe("zod's own wording as sentences", () => {
  it("words sizes, missing values and choices", () => {
    expect(messages(z.array(z.string()).min(1), [])).toEqual(["Give at least one."]);
    expect(messages(z.string().max(3), "abcd")).toEqual(["Use at most 3 characters."]);
    expect(messages(z.object({ a: z.string() }), {})).toEqual(["Fill this in."]);
    expect(messages(z.enum(["used", "new"]), "old")).toEqual(["Choose one of: used, new."]);
    expect(messages(z.number().min(5), 2)).toEqual(["The smallest value allowed is 5."]);
    expect(messages(z.email(), "nope")).toEqual(["This value is not valid."]);
  });

  it("says the same in German, its numbers in the reader's formats", () => {
    const de = inWords("de", "de-DE");
    expect(messages(z.string().max(20_000), "x".repeat(20_001), de)).toEqual([
      "Verwenden Sie höchstens 20.000 Zeichen.",
    ]);
    expect(messages(z.object({ a: z.string() }), {}, de)).toEqual(["Füllen Sie dieses Feld aus."]);
    // English words with German formats: the format is the reader's, apart from the language.
    expect(messages(z.string().max(20_000), "x".repeat(20_001), inWords("en", "de-DE"))).toEqual([
      "Use at most 20.000 characters.",
    ]);
    // A field error inside another (a list's line) is worded too.
    expect(de(fieldError("onLine", { line: 2, problem: fieldError("fillIn") }))).toBe(
      "Zeile 2: Füllen Sie dieses Feld aus.",
    );
  });

  it("never replaces a message the schema words itself, and shows other text as it is", () => {
    expect(messages(z.string().max(3, "must be at most 3 characters"), "abcd")).toEqual([
      "must be at most 3 characters",
    ]);
    expect(inWords("de")("The service's own words.")).toBe("The service's own words.");
    // A reference to no message the console has is shown as it came, not as a missing message.
    expect(inWords("de")("fieldErrors:noSuchMessage")).toBe("fieldErrors:noSuchMessage");
  });

  it("is what every form's resolver words zod's own issues with", () => {
    const root = join(__dirname, "../..");
    const missing: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const text = readFileSync(join(root, path), "utf8");
          for (const call of text.matchAll(/zodResolver\(([^;]*?)\)/g))
            if (!call[1]!.includes("error: humanIssue")) missing.push(`${path}: ${call[0]}`);
        }
      }
    };
    for (const folder of ["app", "components", "lib"]) walk(folder);
    expect(missing).toEqual([]);
  });
});
