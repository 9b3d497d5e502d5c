import * as scanner from "./scanner";
import { defineGroup, row } from "./operation";

// prettier-ignore
export const scannerOperations = defineGroup("scanner", {
  extractRegistrationDocument: row("POST /scanner/document/registration", "scanner_registration", "Extract a national registration document", { aliases: ["/scanner/registration-document"], idempotency: "optional", billable: true, noStore: true, request: { body: scanner.registrationRequest }, responses: { 200: scanner.registrationResponse }, errors: ["payload_too_large"] }),
  extractInternationalRegistrationDocument: row("POST /scanner/document/registration/international", "scanner_registration_international", "Extract an international registration document", { aliases: ["/scanner/registration-document/v2"], idempotency: "optional", billable: true, noStore: true, request: { body: scanner.internationalRegistrationRequest }, responses: { 200: scanner.internationalRegistrationResponse }, errors: ["payload_too_large"] }),
  extractCalculationDocument: row("POST /scanner/document/calculation", "scanner_calculation", "Extract a repair calculation (12 fields)", { idempotency: "optional", billable: true, request: { body: scanner.calculationRequest }, responses: { 200: scanner.calculationResponse }, errors: ["payload_too_large"] }),
  extractDocument: row("POST /scanner/document/extract", "scanner_calculation", "Deprecated calculation extract (11 fields)", { deprecated: true, idempotency: "optional", billable: true, request: { body: scanner.calculationRequest }, responses: { 200: scanner.extractDocumentResponse }, errors: ["payload_too_large"] }),
  extractVehicleDocument: row("POST /scanner/document/vehicle", "scanner_vehicle_document", "Rich vehicle document; `includeSensitiveData=true` rejects `Idempotency-Key`", { aliases: ["/scanner/vehicle-document/extract"], idempotency: "optional", rejectsKeyWhen: scanner.includesSensitiveData, billable: true, noStore: true, request: { body: scanner.vehicleDocumentRequest }, responses: { 200: scanner.vehicleDocumentResponse }, errors: ["payload_too_large"] }),
  extractLabelText: row("POST /scanner/label/basic", "scanner_label", "Whether and where a label shows a part number", { billable: true, request: { body: scanner.labelRequest }, responses: { 200: scanner.labelBasicResponse } }),
  extractLabelPartNumbers: row("POST /scanner/label/extract-partnumbers", "scanner_label", "Part numbers on a label", { billable: true, request: { body: scanner.labelRequest }, responses: { 200: scanner.labelPartNumbersResponse } }),
  extractLabelDetails: row("POST /scanner/label/extract-all", "scanner_label", "All label details", { billable: true, request: { body: scanner.labelRequest }, responses: { 200: scanner.labelAllResponse } }),
  extractVinFromImage: row("POST /scanner/vin/extract", "scanner_vin", "Read a VIN from an image (`null`, never a guess)", { billable: true, request: { body: scanner.vinImageRequest }, responses: { 200: scanner.vinImageResponse } }),
});
