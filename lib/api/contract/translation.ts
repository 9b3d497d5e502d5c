import { z } from "zod";
import { boundedText } from "./common";

/** Exactly one part designation, not titles, sentences or lists. */
export const translationQuery = z.strictObject({
  sourceLanguage: z
    .string()
    .min(1, "must not be empty")
    .max(20, "must be at most 20 characters")
    .describe("Language of `text`, at most 20 characters (for example `de`)."),
  text: boundedText(200).describe("Exactly one part designation, not a title, sentence or list."),
});
export const translationResponse = z.looseObject({
  en: z.string(),
  fr: z.string(),
  es: z.string(),
  it: z.string(),
  sourceLanguage: z.string().optional().describe("Echo of the request"),
  text: z.string().optional().describe("Echo of the request"),
});
export type TranslationResponse = z.infer<typeof translationResponse>;
