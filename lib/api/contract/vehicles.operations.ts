import * as vehicles from "./vehicles";
import { defineGroup } from "./operation";

export const vehicleOperations = defineGroup("vehicles", {
  getVehicleByTapiId: {
    method: "GET",
    path: "/vehicles/{svcId}",
    summary: "Technical vehicle record by `svcId`",
    endpointKey: "vehicle_technical",
    billable: true,
    request: { params: vehicles.svcIdPath },
    responses: { 200: vehicles.technicalVehicleResponse },
    errors: ["vehicle_not_found"],
  },
  composeVehicleListing: {
    method: "POST",
    path: "/vehicles/{svcId}/listing",
    summary: "Listing text without price, condition or value claims",
    endpointKey: "vehicle_listing",
    billable: true,
    request: { params: vehicles.svcIdPath, body: vehicles.vehicleListingRequest },
    responses: { 200: vehicles.vehicleListingResponse },
    errors: ["vehicle_not_found"],
  },
  intakeVehicle: {
    method: "POST",
    path: "/vehicles/intake",
    summary: "One-call intake from a registration document",
    endpointKey: "vehicle_intake",
    billable: true,
    noStore: true,
    request: { body: vehicles.vehicleIntakeRequest },
    responses: { 200: vehicles.vehicleIntakeResponse },
  },
});
