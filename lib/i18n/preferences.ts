import "server-only";
import { cookies, headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import { cache } from "react";
import { readRenderSession } from "@/lib/auth/guards";
import type { PersonChoices } from "@/lib/auth/session";
import { consoleLog } from "@/lib/log/console-log";
import {
  BROWSER_TIME_ZONE_COOKIE,
  DEFAULT_TIME_ZONE,
  type Format,
  formatFromAcceptLanguage,
  FORMATS_COOKIE,
  isFormat,
  isTimeZone,
  TIME_ZONE_COOKIE,
} from "./formats";
import {
  isLanguage,
  type Language,
  LANGUAGE_COOKIE,
  languageFromAcceptLanguage,
} from "./languages";

/** What a person or browser chose; `null` follows the browser. */
export interface Choices {
  language: Language | null;
  format: Format | null;
  timeZone: string | null;
}

export interface Preferences {
  language: Language;
  format: Format;
  timeZone: string;
  /** What was chosen, for the settings form: a person's own, else this browser's. */
  chosen: Choices;
  /** Whose choices they are: a person's go wherever they sign in, a browser's stay in it. */
  keptFor: "person" | "browser";
}

const valid = (c: Partial<PersonChoices>): Choices => ({
  language: isLanguage(c.language) ? c.language : null,
  format: isFormat(c.formats) ? c.formats : null,
  timeZone: isTimeZone(c.timeZone) ? c.timeZone : null,
});

/**
 * A person's own choices (kept with them, wherever they sign in) before this browser's (its
 * cookies), before what the browser says of itself. Read once per render.
 */
export const readPreferences = cache(async (): Promise<Preferences> => {
  const jar = await cookies();
  const browser = valid({
    language: jar.get(LANGUAGE_COOKIE)?.value,
    formats: jar.get(FORMATS_COOKIE)?.value,
    timeZone: jar.get(TIME_ZONE_COOKIE)?.value,
  });
  let person: Choices | null = null;
  try {
    const state = await readRenderSession();
    if (state.kind === "active" && state.choices) person = valid(state.choices);
  } catch (error) {
    unstable_rethrow(error);
    // The sign-in page and error pages must still render, in the browser's choices.
    consoleLog().warn("preferences: the session could not be read", {
      error: (error as Error).message,
    });
  }
  const acceptLanguage = (await headers()).get("accept-language");
  // A signed-in person's own formats and time zone alone: what they left empty follows what the
  // browser says of itself, never cookies another person (or a key's session) chose in this
  // browser, whose time zone they would reveal. The browser's language is no one's secret (its
  // sign-in page speaks it to anyone), so a person who chose none keeps reading it.
  const chosen = person ?? browser;
  const language =
    chosen.language ?? browser.language ?? languageFromAcceptLanguage(acceptLanguage);
  const reported = jar.get(BROWSER_TIME_ZONE_COOKIE)?.value;
  return {
    language,
    format: chosen.format ?? formatFromAcceptLanguage(acceptLanguage, language),
    timeZone: chosen.timeZone ?? (isTimeZone(reported) ? reported : DEFAULT_TIME_ZONE),
    chosen: person ?? browser,
    keptFor: person ? "person" : "browser",
  };
});
