"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import {
  calculationRequest,
  internationalRegistrationRequest,
  labelRequest,
  registrationRequest,
  vehicleDocumentRequest,
  vinImageRequest,
} from "@/lib/api/contract/scanner";
import { refused } from "@/lib/actions/action-result";
import { bodyAction, type BodyActionResult } from "@/lib/actions/body-action";
import { SCAN_KIND_IDS, type ScanKind } from "./_lib/scan-kinds";

/** One action per reading, by what the page offers. */
const ACTIONS = new Map<ScanKind, (input: unknown) => Promise<BodyActionResult>>([
  ["registration", bodyAction("extractRegistrationDocument", registrationRequest)],
  [
    "registration_international",
    bodyAction("extractInternationalRegistrationDocument", internationalRegistrationRequest),
  ],
  ["calculation", bodyAction("extractCalculationDocument", calculationRequest)],
  ["vehicle_document", bodyAction("extractVehicleDocument", vehicleDocumentRequest)],
  ["label_basic", bodyAction("extractLabelText", labelRequest)],
  ["label_part_numbers", bodyAction("extractLabelPartNumbers", labelRequest)],
  ["label_all", bodyAction("extractLabelDetails", labelRequest)],
  ["vin_image", bodyAction("extractVinFromImage", vinImageRequest)],
]);

const scanInput = z.object({
  kind: z.enum(SCAN_KIND_IDS),
  body: z.record(z.string(), z.unknown()),
});

export async function scanAction(input: z.input<typeof scanInput>): Promise<BodyActionResult> {
  const parsed = scanInput.safeParse(input);
  if (!parsed.success)
    return refused("invalid_input", (await getTranslations("scanner"))("chooseKind"));
  return ACTIONS.get(parsed.data.kind)!(parsed.data.body);
}
