import * as jobs from "./jobs";
import * as vin from "./vin";
import { JOB_STATUS_ERRORS } from "./operation";
import { defineGroup, row } from "./operation";

// prettier-ignore
export const vinOperations = defineGroup("vin", {
  createVinRedirectSession: row("POST /vin/redirect-sessions", "vin_redirect", "Create a browser-guided VIN redirect session", { idempotency: "optional", billable: true, request: { body: vin.createRedirectSessionRequest }, responses: { 200: vin.createRedirectSessionResponse }, errors: ["invalid_vin", "invalid_vin_check_digit", "invalid_return_url", "invalid_state"] }),
  getVehicleByVin: row("GET /vin/{vin}/vehicle", "vin_vehicle", "Direct vehicle lookup by VIN", { billable: true, request: { params: vin.vinPath, query: vin.vehicleByVinQuery }, responses: { 200: vin.vinVehicleResponse }, errors: ["invalid_vin", "invalid_vin_check_digit", "vin_not_found", "redirect_required"] }),
  getPartsByVin: row("GET /vin/{vin}/parts", "vin_parts", "Vehicle-related parts for a VIN", { billable: true, job: { family: "vin_parts", status: "getVinPartsJob" }, request: { params: vin.vinPath, query: vin.vinPartsQuery }, responses: { 200: vin.vinPartsResponse, 202: jobs.jobAccepted }, errors: ["invalid_vin", "invalid_vin_check_digit", "vin_not_found", "vin_provider_mismatch", "redirect_required"] }),
  getVinPartsJob: row("GET /vin/parts/jobs/{jobId}", "vin_parts", "VIN parts job status", { request: { params: jobs.jobIdPath }, responses: { 200: jobs.jobStatus(vin.vinPartsResponse) }, errors: JOB_STATUS_ERRORS }),
  checkVinCart: row("POST /vin/cart-check", "vin_cart_check", "Check an OE cart against a VIN", { idempotency: "optional", billable: true, job: { family: "cart_check", status: "getVinCartCheckJob" }, request: { body: vin.cartCheckRequest }, responses: { 200: vin.cartCheckResponse, 202: jobs.jobAccepted }, errors: ["invalid_vin", "invalid_vin_check_digit", "invalid_oe_numbers", "vin_not_found"] }),
  getVinCartCheckJob: row("GET /vin/cart-check/jobs/{jobId}", "vin_cart_check", "Cart-check job status", { request: { params: jobs.jobIdPath }, responses: { 200: jobs.jobStatus(vin.cartCheckResponse) }, errors: JOB_STATUS_ERRORS }),
  getVinEconomicEvaluation: row("GET /vin/{vin}/economic-evaluation", "vin_economic_evaluation", "Economic evaluation of a vehicle's parts", { billable: true, job: { family: "economic_evaluation", status: "getVinEconomicEvaluationJob" }, request: { params: vin.vinPath, query: vin.economicEvaluationQuery }, responses: { 200: vin.economicEvaluationResponse, 202: jobs.jobAccepted }, errors: ["invalid_vin", "invalid_vin_check_digit", "vin_not_found"] }),
  getVinEconomicEvaluationJob: row("GET /vin/economic-evaluation/jobs/{jobId}", "vin_economic_evaluation", "Economic evaluation job status", { request: { params: jobs.jobIdPath }, responses: { 200: jobs.jobStatus(vin.economicEvaluationResponse) }, errors: JOB_STATUS_ERRORS }),
});
