"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { fullVin } from "@/lib/api/contract/common";
import { refused } from "@/lib/actions/action-result";
import { bodyAction, type BodyActionResult } from "@/lib/actions/body-action";
import { VISION_OPERATIONS } from "./_lib/vision-kinds";

/** The bodies are not shown by the interface beyond these fields: one image address, an optional VIN. */
const visionBody = z.object({
  imageUrl: z.url({ protocol: /^https?$/, message: "Enter an absolute http or https address." }),
  vehicle: z.object({ vin: fullVin }).optional(),
});

const ACTIONS = new Map(VISION_OPERATIONS.map((id) => [id, bodyAction(id, visionBody)]));
const visionInput = z.object({ operation: z.enum(VISION_OPERATIONS), body: z.unknown() });

export async function visionAction(input: z.input<typeof visionInput>): Promise<BodyActionResult> {
  const parsed = visionInput.safeParse(input);
  if (!parsed.success)
    return refused("invalid_input", (await getTranslations("vision"))("chooseOperation"));
  return ACTIONS.get(parsed.data.operation)!(parsed.data.body);
}
