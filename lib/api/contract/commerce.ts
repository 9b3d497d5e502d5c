import { z } from "zod";

/** Commerce preview (`/commerce/v1`): non-operational concept; shapes are indicative only. */
const previewId = (what: string) =>
  z.string().min(1).max(64).describe(`Identifier of the ${what}.`);
export const returnPath = z.strictObject({ returnId: previewId("return") });
export const reconciliationPath = z.strictObject({
  reconciliationId: previewId("reconciliation"),
  discrepancyId: previewId("discrepancy within the reconciliation"),
});
export const dispositionValue = z.enum(["restock", "repair", "recycle", "dispose", "hold"]);
export const returnReviewRequest = z.looseObject({ expectedRevision: z.number().int().min(0) });
export const returnDispositionRequest = z.looseObject({
  expectedRevision: z.number().int().min(0),
});
export const resolutionRequest = z.looseObject({ expectedRevision: z.number().int().min(0) });
export const commerceResponse = z.looseObject({});
