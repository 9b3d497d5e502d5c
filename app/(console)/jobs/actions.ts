"use server";

import { z } from "zod";
import { countryCode, fullVin, PROVIDER_TEXTS } from "@/lib/api/contract/common";
import { cartCheckRequest } from "@/lib/api/contract/vin";
import { partImageGenerationRequest } from "@/lib/api/contract/vision";
import { defineAction } from "@/lib/actions/define-action";
import { order } from "@/app/(console)/jobs/_lib/job-orders";
import { economicEvaluationForm } from "@/app/(console)/jobs/_lib/job-forms";

export const startPartsLookupAction = defineAction({
  operation: "getPartsByVin",
  input: z.object({
    vin: fullVin,
    country: countryCode.optional(),
    provider: z.enum(PROVIDER_TEXTS).optional(),
  }),
  target: (input) => input.vin,
  run: ({ vin, ...query }, { call, session }) =>
    order(session.clientId, "vin_parts", { vin, ...query }, () => call({ params: { vin }, query })),
});

export const startCartCheckAction = defineAction({
  operation: "checkVinCart",
  input: z.object({ body: cartCheckRequest }),
  target: (input) => input.body.vin,
  run: (input, { call, session }) =>
    order(session.clientId, "cart_check", { ...input.body }, () => call({ body: input.body })),
});

export const startEconomicEvaluationAction = defineAction({
  operation: "getVinEconomicEvaluation",
  input: economicEvaluationForm,
  target: (input) => input.vin,
  run: ({ vin, ...query }, { call, session }) =>
    order(session.clientId, "economic_evaluation", { vin, ...query }, () =>
      call({ params: { vin }, query }),
    ),
});

/** Not replay-safe (it creates an order): an unknown outcome is reported, never retried. */
export const startImageGenerationAction = defineAction({
  operation: "generatePartImagesFromOeNumber",
  input: partImageGenerationRequest.pick({ oeNumber: true }),
  target: (input) => input.oeNumber,
  run: (input, { call, session }) =>
    order(session.clientId, "part_image", { oeNumber: input.oeNumber }, () =>
      call({ body: input }),
    ),
});
