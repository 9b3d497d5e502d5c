import { z } from "zod";
import { FORMATS, isTimeZone } from "./formats";
import { LANGUAGES } from "./languages";

/** The language and formats form; an empty value follows the browser. */
export const preferencesInput = z.object({
  language: z.union([z.literal(""), z.enum(LANGUAGES)]),
  format: z.union([z.literal(""), z.enum(FORMATS)]),
  timeZone: z.string().refine((zone) => zone === "" || isTimeZone(zone)),
});
export type PreferencesInput = z.output<typeof preferencesInput>;
