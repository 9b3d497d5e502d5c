import { z } from "zod";
import { FORMATS, TIME_ZONES } from "./formats";
import { LANGUAGES } from "./languages";

/** The language and formats form; an empty value follows the browser. */
export const preferencesInput = z.object({
  language: z.union([z.literal(""), z.enum(LANGUAGES)]),
  format: z.union([z.literal(""), z.enum(FORMATS)]),
  // The list's names only: an alias Intl also takes (`US/Pacific`) would be kept as written and
  // match no entry of the form's list, which would then say the browser's zone is followed.
  timeZone: z.string().refine((zone) => zone === "" || TIME_ZONES.includes(zone)),
});
export type PreferencesInput = z.output<typeof preferencesInput>;
