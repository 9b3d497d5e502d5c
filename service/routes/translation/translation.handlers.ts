import { ApiError, ok } from "../../core";
import { type HandlerMap } from "../../context";
import { DESIGNATIONS } from "../../data/parts-catalog";
import { validationError } from "../../pipeline/validate";

export const translationHandlers = {
  async translatePartName({ input }) {
    const { sourceLanguage, text } = input.query;
    if (/[,;!?\n]|\.\s|\.$/.test(text) || text.split(/\s+/).length > 6) {
      throw validationError([
        {
          location: "query",
          path: "text",
          message: "must be exactly one part designation, not a title, sentence or list",
        },
      ]);
    }
    const language = sourceLanguage
      .toLowerCase()
      .split(/[-_]/)[0] as keyof (typeof DESIGNATIONS)[number];
    const wanted = text.trim().toLocaleLowerCase();
    const found = DESIGNATIONS.find(
      (d) =>
        Object.hasOwn(d, language) &&
        (d as Record<string, string>)[language]!.toLocaleLowerCase() === wanted,
    );
    if (!found)
      throw new ApiError(
        "translation_not_found",
        `"${text}" is not a known part designation in ${sourceLanguage}.`,
      );
    return ok({ en: found.en, fr: found.fr, es: found.es, it: found.it, sourceLanguage, text });
  },
} satisfies HandlerMap;
