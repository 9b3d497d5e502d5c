import * as translation from "./translation";
import { defineGroup } from "./operation";

export const translationOperations = defineGroup("translation", {
  translatePartName: {
    method: "GET",
    path: "/translation/translations",
    summary: "Translate one part designation",
    endpointKey: "translation",
    billable: true,
    request: { query: translation.translationQuery },
    responses: { 200: translation.translationResponse },
    errors: ["translation_not_found"],
  },
});
