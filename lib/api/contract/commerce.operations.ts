import * as commerce from "./commerce";
import { defineGroup } from "./operation";

export const commerceOperations = defineGroup("commerce", {
  reviewCommerceReturn: {
    method: "POST",
    path: "/commerce/v1/returns/{returnId}/review",
    summary: "Record a return review (preview)",
    endpointKey: "commerce",
    idempotency: "required",
    sandbox: "unavailable",
    request: { params: commerce.returnPath, body: commerce.returnReviewRequest },
    responses: { 200: commerce.commerceResponse },
    errors: ["commerce_preview_not_operational"],
  },
  disposeCommerceReturn: {
    method: "POST",
    path: "/commerce/v1/returns/{returnId}/disposition",
    summary: "Record a return disposition (preview)",
    endpointKey: "commerce",
    idempotency: "required",
    sandbox: "unavailable",
    request: { params: commerce.returnPath, body: commerce.returnDispositionRequest },
    responses: { 200: commerce.commerceResponse },
    errors: ["commerce_preview_not_operational"],
  },
  resolveCommerceDiscrepancy: {
    method: "POST",
    path: "/commerce/v1/reconciliations/{reconciliationId}/discrepancies/{discrepancyId}/resolution",
    summary: "Record a reconciliation discrepancy resolution (preview)",
    endpointKey: "commerce",
    idempotency: "required",
    sandbox: "unavailable",
    request: { params: commerce.reconciliationPath, body: commerce.resolutionRequest },
    responses: { 200: commerce.commerceResponse },
    errors: ["commerce_preview_not_operational"],
  },
});
