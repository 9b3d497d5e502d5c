import * as recalls from "./recalls";
import * as vin from "./vin";
import { defineGroup } from "./operation";

export const recallOperations = defineGroup("recalls", {
  matchVehicleRecalls: {
    method: "GET",
    path: "/recalls/vehicles/{vin}",
    summary: "Series-level vehicle recall match",
    endpointKey: "recalls_vehicle",
    billable: true,
    request: { params: vin.vinPath },
    responses: { 200: recalls.vehicleRecallResponse },
    errors: ["invalid_vin", "invalid_vin_check_digit", "recall_match_not_found"],
  },
  matchPartRecalls: {
    method: "POST",
    path: "/recalls/parts",
    summary: "Part recall matching per position",
    endpointKey: "recalls_parts",
    billable: true,
    request: { body: recalls.partRecallRequest },
    responses: { 200: recalls.partRecallResponse },
  },
});
