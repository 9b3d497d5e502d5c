import "server-only";
import { getNow } from "next-intl/server";
import { cache } from "react";
import { type FormatSettings, type Formats, formatsFor } from "./formats";
import { readPreferences } from "./preferences";

/** The settings the root layout hands to the browser's `FormatsProvider`. */
export const readFormatSettings = cache(async (): Promise<FormatSettings> => {
  const { format, timeZone } = await readPreferences();
  return { format, timeZone, now: (await getNow()).getTime() };
});

/** For server components and actions: amounts and dates as the person chose to read them. */
export const getFormats = cache(async (): Promise<Formats> =>
  formatsFor(await readFormatSettings()),
);
