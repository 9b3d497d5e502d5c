import { z } from "zod";

/** Exactly one part designation, not titles, sentences or lists. */
export const translationQuery = z.strictObject({
  sourceLanguage: z.string().min(1, "must not be empty").max(20, "must be at most 20 characters"),
  text: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters"),
});
export const translationResponse = z.looseObject({
  en: z.string(),
  fr: z.string(),
  es: z.string(),
  it: z.string(),
});
export type TranslationResponse = z.infer<typeof translationResponse>;
