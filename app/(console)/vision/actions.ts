"use server";

import { z } from "zod";
import { fullVin } from "@/lib/api/contract/common";
import { type ActionResult } from "@/lib/actions/action-result";
import { defineAction } from "@/lib/actions/define-action";
import { receiptOf, type ReceiptFacts } from "@/lib/billing/receipt-facts";
import { VISION_OPERATIONS, type VisionOperation } from "./_lib/vision-kinds";

type Seen = ActionResult<{ result: Record<string, unknown>; receipt: ReceiptFacts }>;

/** The bodies are not shown by the interface beyond these fields: one image address, an optional VIN. */
const visionBody = z.object({
  imageUrl: z.url({ protocol: /^https?$/, message: "Enter an absolute http or https address." }),
  vehicle: z.object({ vin: fullVin }).optional(),
});

function see(operation: VisionOperation) {
  const action = defineAction({
    operation,
    input: visionBody,
    async run(body, { call }) {
      const res = await call({ body } as never);
      return { result: res.data as Record<string, unknown>, receipt: receiptOf(res.metadata) };
    },
  });
  return (input: unknown): Promise<Seen> => action(input as never);
}

const ACTIONS = new Map(VISION_OPERATIONS.map((id) => [id, see(id)]));
const visionInput = z.object({ operation: z.enum(VISION_OPERATIONS), body: z.unknown() });

export async function visionAction(input: z.input<typeof visionInput>): Promise<Seen> {
  const parsed = visionInput.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      outcome: "refused",
      code: "invalid_input",
      message: "Choose an operation.",
    };
  return ACTIONS.get(parsed.data.operation)!(parsed.data.body);
}
