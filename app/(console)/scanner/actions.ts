"use server";

import { z } from "zod";
import {
  calculationRequest,
  internationalRegistrationRequest,
  labelRequest,
  registrationRequest,
  vehicleDocumentRequest,
  vinImageRequest,
} from "@/lib/api/contract/scanner";
import { type OperationId } from "@/lib/api/contract/operations";
import { defineAction } from "@/lib/actions/define-action";
import { type ActionResult } from "@/lib/actions/action-result";
import { receiptOf, type ReceiptFacts } from "@/lib/billing/receipt-facts";
import { SCAN_KIND_IDS, type ScanKind } from "./_lib/scan-kinds";

/**
 * One action per reading. The answers (personal documents among them) go to the browser once:
 * no target, no content in the audit or request log, nothing stored.
 */
type Scanned = ActionResult<{ result: Record<string, unknown>; receipt: ReceiptFacts }>;
function scan<Id extends OperationId>(operation: Id, body: z.ZodType) {
  const action = defineAction({
    operation,
    input: body,
    async run(input, { call }) {
      const res = await call({ body: input } as never);
      return { result: res.data as Record<string, unknown>, receipt: receiptOf(res.metadata) };
    },
  });
  return (input: unknown): Promise<Scanned> => action(input as never);
}

const ACTIONS = new Map<ScanKind, (input: unknown) => Promise<Scanned>>([
  ["registration", scan("extractRegistrationDocument", registrationRequest)],
  [
    "registration_international",
    scan("extractInternationalRegistrationDocument", internationalRegistrationRequest),
  ],
  ["calculation", scan("extractCalculationDocument", calculationRequest)],
  ["vehicle_document", scan("extractVehicleDocument", vehicleDocumentRequest)],
  ["label_basic", scan("extractLabelText", labelRequest)],
  ["label_part_numbers", scan("extractLabelPartNumbers", labelRequest)],
  ["label_all", scan("extractLabelDetails", labelRequest)],
  ["vin_image", scan("extractVinFromImage", vinImageRequest)],
]);

const scanInput = z.object({
  kind: z.enum(SCAN_KIND_IDS),
  body: z.record(z.string(), z.unknown()),
});

export async function scanAction(input: z.input<typeof scanInput>): Promise<Scanned> {
  const parsed = scanInput.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      outcome: "refused",
      code: "invalid_input",
      message: "Choose what to read.",
    };
  return ACTIONS.get(parsed.data.kind)!(parsed.data.body);
}
