import * as recalls from "./recalls";
import * as vin from "./vin";
import { defineGroup, row } from "./operation";

// prettier-ignore
export const recallOperations = defineGroup("recalls", {
  matchVehicleRecalls: row("GET /recalls/vehicles/{vin}", "recalls_vehicle", "Series-level vehicle recall match", { agent: { tool: "recalls.match_vehicle" }, billable: true, request: { params: vin.vinPath }, responses: { 200: recalls.vehicleRecallResponse }, errors: ["invalid_vin", "invalid_vin_check_digit", "recall_match_not_found"] }),
  matchPartRecalls: row("POST /recalls/parts", "recalls_parts", "Part recall matching per position", { agent: { tool: "recalls.match_parts" }, billable: true, request: { body: recalls.partRecallRequest }, responses: { 200: recalls.partRecallResponse } }),
});
