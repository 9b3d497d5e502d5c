import Negotiator from "negotiator";
import { match } from "@formatjs/intl-localematcher";

/**
 * The console's languages: a message file each (`messages/<language>.json`). Adding one is adding
 * its file and its tag here.
 */
export const LANGUAGES = ["en", "de"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The languages a browser is given from its `Accept-Language` and offered to choose. A language
 * whose message file does not yet cover every page is left out, so no one meets a page in two
 * languages; its file can still be tried through the cookie (as the browser tests do).
 */
export const OFFERED_LANGUAGES: readonly Language[] = ["en"];

/** The language of a browser that asks for none the console speaks. */
export const DEFAULT_LANGUAGE: Language = "en";

/** The cookie a browser's own choice is kept in, for a key's session and before signing in. */
export const LANGUAGE_COOKIE = "console_language";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The console's language nearest to what an `Accept-Language` header asks for, in its order of
 * preference ("de-AT, en;q=0.5" is German; "fr, en-GB" English): the first it asks for that one
 * of the console's is, or begins with (the Intl locale matcher's lookup).
 */
export function languageFromAcceptLanguage(
  header: string | null | undefined,
  among: readonly Language[] = OFFERED_LANGUAGES,
): Language {
  const asked = new Negotiator({ headers: { "accept-language": header ?? "" } })
    .languages()
    .filter((tag) => tag !== "*" && isWellFormed(tag));
  if (asked.length === 0) return DEFAULT_LANGUAGE;
  const found = match(asked, among, DEFAULT_LANGUAGE, { algorithm: "lookup" });
  return isLanguage(found) ? found : DEFAULT_LANGUAGE;
}

function isWellFormed(tag: string): boolean {
  try {
    Intl.getCanonicalLocales(tag);
    return true;
  } catch {
    return false;
  }
}
