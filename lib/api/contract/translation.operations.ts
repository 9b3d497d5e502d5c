import * as translation from "./translation";
import { defineGroup, row } from "./operation";

// prettier-ignore
export const translationOperations = defineGroup("translation", {
  translatePartName: row("GET /translation/translations", "translation", "Translate one part designation", { agent: { tool: "translation.translate_part_name" }, billable: true, request: { query: translation.translationQuery }, responses: { 200: translation.translationResponse }, errors: ["translation_not_found"] }),
});
