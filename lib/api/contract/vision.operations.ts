import * as jobs from "./jobs";
import * as vision from "./vision";
import { JOB_STATUS_ERRORS } from "./operation";
import { defineGroup, row } from "./operation";

// prettier-ignore
export const visionOperations = defineGroup("vision", {
  generatePartImagesFromOeNumber: row("POST /vision/part/generate", "vision_part_generate", "Generate part images from an OE number", { replaySafe: false, billable: true, job: { family: "part_image", status: "getPartImageGenerationJob" }, request: { body: vision.partImageGenerationRequest }, responses: { 200: vision.partImageGenerationResponse, 202: jobs.jobAccepted }, errors: ["oe_part_not_found"] }),
  getPartImageGenerationJob: row("GET /vision/part/generation-jobs/{jobId}", "vision_part_generate", "Image-generation job status", { request: { params: jobs.jobIdPath }, responses: { 200: jobs.jobStatus(vision.partImageGenerationResponse) }, errors: JOB_STATUS_ERRORS }),
  describeDamage: row("POST /vision/damage/describe", "vision_damage", "Damage description", { billable: true, request: { body: vision.genericVisionRequest }, responses: { 200: vision.damageDescriptionResponse } }),
  gradePartQuality: row("POST /vision/part/quality", "vision_part_quality", "Part quality grade", { billable: true, request: { body: vision.genericVisionRequest }, responses: { 200: vision.partQualityResponse } }),
  removePartBackground: row("POST /vision/part/remove/bg", "vision_background_removal", "Part background removal", { billable: true, request: { body: vision.genericVisionRequest }, responses: { 200: vision.backgroundRemovalResponse } }),
  removeVehicleBackground: row("POST /vision/vehicle/remove/bg", "vision_background_removal", "Vehicle background removal", { billable: true, request: { body: vision.genericVisionRequest }, responses: { 200: vision.backgroundRemovalResponse } }),
  classifyEndOfLifeVehicle: row("POST /vision/vehicle/elv-classification", "vision_elv", "End-of-life vehicle classification", { billable: true, request: { body: vision.elvClassificationRequest }, responses: { 200: vision.elvClassificationResponse } }),
  createConditionReport: row("POST /vision/condition-report", "vision_condition_report", "Vehicle condition report", { billable: true, request: { body: vision.genericVisionRequest }, responses: { 200: vision.conditionReportResponse } }),
  readLicensePlate: row("POST /vision/license-plate", "vision_license_plate", "Licence plate reading (no keeper lookup)", { billable: true, request: { body: vision.genericVisionRequest }, responses: { 200: vision.licensePlateResponse } }),
  composePartImage: row("POST /vision/part/composite", "vision_part_composite", "Part composite", { billable: true, timeoutSeconds: 300, request: { body: vision.genericVisionRequest }, responses: { 200: vision.partCompositeResponse } }),
  transferPartDamage: row("POST /vision/part/damage-transfer", "vision_damage_transfer", "Damage transfer to standard views", { billable: true, timeoutSeconds: 300, request: { body: vision.genericVisionRequest }, responses: { 200: vision.damageTransferResponse } }),
  redactIdentifiers: row("POST /vision/identifiers/redact", "vision_redaction", "Identifier redaction", { billable: true, timeoutSeconds: 300, request: { body: vision.genericVisionRequest }, responses: { 200: vision.redactionResponse } }),
});
