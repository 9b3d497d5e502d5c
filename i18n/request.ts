import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { isLanguage, LANGUAGE_COOKIE, languageFromAcceptLanguage } from "@/lib/i18n/languages";

/**
 * Each request's language: the browser's own choice (its cookie) if it made one, else the
 * nearest to its `Accept-Language`. No URL carries it: the console is signed in to, not indexed.
 */
export default getRequestConfig(async () => {
  const chosen = (await cookies()).get(LANGUAGE_COOKIE)?.value;
  const locale = isLanguage(chosen)
    ? chosen
    : languageFromAcceptLanguage((await headers()).get("accept-language"));
  return { locale, messages: (await import(`../messages/${locale}.json`)).default };
});
