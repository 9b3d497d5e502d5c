import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import type { Language } from "@/lib/i18n/languages";
import { expect } from "./test";

type Messages = { [key: string]: string | Messages };

function read(language: Language): Messages {
  return JSON.parse(
    readFileSync(path.join(process.cwd(), "messages", `${language}.json`), "utf8"),
  ) as Messages;
}

function flatten(messages: Messages, prefix = ""): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === "string") flat.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) flat.set(k, v);
  }
  return flat;
}

let sentences: string[] | undefined;

/**
 * The runs of English message text (two words or more, between ICU arguments) that the German
 * file words differently: any of them on a German page was written into the code, not asked for.
 */
function englishSentences(): string[] {
  if (sentences) return sentences;
  const german = flatten(read("de"));
  const found = new Set<string>();
  for (const [key, english] of flatten(read("en"))) {
    const translated = german.get(key) ?? "";
    for (const run of english.split(/[{}]/)) {
      const text = run.trim();
      if (text.split(/\s+/).length >= 2 && text.length >= 8 && !translated.includes(text))
        found.add(text);
    }
  }
  return (sentences = [...found]);
}

/** Sets the browser's own language choice, as the language switch does. */
export async function chooseLanguage(
  context: BrowserContext,
  baseURL: string | undefined,
  language: Language,
) {
  await context.addCookies([{ name: "console_language", value: language, url: baseURL! }]);
}

/**
 * Fails with the English message text the page shows, if any. Text marked as another language
 * (`lang="en"`: the service's own words, quoted as it sent them) is not the console's.
 */
export async function expectNoEnglish(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  const text = await page.locator("body").evaluate((body: HTMLElement) => {
    let shown = body.innerText;
    for (const quoted of body.querySelectorAll<HTMLElement>("[lang]:not([lang|='de'])"))
      shown = shown.replace(quoted.innerText, "");
    return shown;
  });
  expect(
    englishSentences().filter((sentence) => text.includes(sentence)),
    "English message text on a German page",
  ).toEqual([]);
}
