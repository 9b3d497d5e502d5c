import * as vehicles from "./vehicles";
import { defineGroup, row } from "./operation";

// prettier-ignore
export const vehicleOperations = defineGroup("vehicles", {
  getVehicleByTapiId: row("GET /vehicles/{svcId}", "vehicle_technical", "Technical vehicle record by `svcId`", { billable: true, request: { params: vehicles.svcIdPath }, responses: { 200: vehicles.technicalVehicleResponse }, errors: ["vehicle_not_found"] }),
  composeVehicleListing: row("POST /vehicles/{svcId}/listing", "vehicle_listing", "Listing text without price, condition or value claims", { billable: true, request: { params: vehicles.svcIdPath, body: vehicles.vehicleListingRequest }, responses: { 200: vehicles.vehicleListingResponse }, errors: ["vehicle_not_found"] }),
  intakeVehicle: row("POST /vehicles/intake", "vehicle_intake", "One-call intake from a registration document", { billable: true, noStore: true, request: { body: vehicles.vehicleIntakeRequest }, responses: { 200: vehicles.vehicleIntakeResponse } }),
});
