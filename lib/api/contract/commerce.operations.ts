import * as commerce from "./commerce";
import { defineGroup, row } from "./operation";

// prettier-ignore
export const commerceOperations = defineGroup("commerce", {
  reviewCommerceReturn: row("POST /commerce/v1/returns/{returnId}/review", "commerce", "Record a return review (preview)", { idempotency: "required", sandbox: "unavailable", request: { params: commerce.returnPath, body: commerce.returnReviewRequest }, responses: { 200: commerce.commerceResponse }, errors: ["commerce_preview_not_operational"] }),
  disposeCommerceReturn: row("POST /commerce/v1/returns/{returnId}/disposition", "commerce", "Record a return disposition (preview)", { idempotency: "required", sandbox: "unavailable", request: { params: commerce.returnPath, body: commerce.returnDispositionRequest }, responses: { 200: commerce.commerceResponse }, errors: ["commerce_preview_not_operational"] }),
  resolveCommerceDiscrepancy: row("POST /commerce/v1/reconciliations/{reconciliationId}/discrepancies/{discrepancyId}/resolution", "commerce", "Record a reconciliation discrepancy resolution (preview)", { idempotency: "required", sandbox: "unavailable", request: { params: commerce.reconciliationPath, body: commerce.resolutionRequest }, responses: { 200: commerce.commerceResponse }, errors: ["commerce_preview_not_operational"] }),
});
