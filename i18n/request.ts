import { getRequestConfig } from "next-intl/server";
import { readPreferences } from "@/lib/i18n/preferences";

/**
 * Each request's language, time zone and "now": a person's own choices, else the browser's
 * (`lib/i18n/preferences.ts`). No URL carries them: the console is signed in to, not indexed.
 */
export default getRequestConfig(async () => {
  const { language, timeZone } = await readPreferences();
  return {
    locale: language,
    timeZone,
    now: new Date(),
    messages: (await import(`../messages/${language}.json`)).default,
  };
});
