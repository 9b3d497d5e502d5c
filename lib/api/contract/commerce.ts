import { z } from "zod";

/** Commerce preview (`/commerce/v1`): non-operational concept; shapes are indicative only. */
export const returnPath = z.strictObject({ returnId: z.string().min(1).max(64) });
export const reconciliationPath = z.strictObject({
  reconciliationId: z.string().min(1).max(64),
  discrepancyId: z.string().min(1).max(64),
});
export const dispositionValue = z.enum(["restock", "repair", "recycle", "dispose", "hold"]);
export const returnReviewRequest = z.looseObject({ expectedRevision: z.number().int().min(0) });
export const returnDispositionRequest = z.looseObject({
  expectedRevision: z.number().int().min(0),
});
export const resolutionRequest = z.looseObject({ expectedRevision: z.number().int().min(0) });
export const commerceResponse = z.looseObject({});
