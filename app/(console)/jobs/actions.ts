"use server";

import { z } from "zod";
import { countryCode, fullVin, PROVIDER_TEXTS } from "@/lib/api/contract/common";
import { cartCheckRequest } from "@/lib/api/contract/vin";
import { partImageGenerationRequest } from "@/lib/api/contract/vision";
import { defineOrder } from "@/app/(console)/jobs/_lib/job-orders";
import { economicEvaluationForm } from "@/app/(console)/jobs/_lib/job-forms";

export const startPartsLookupAction = defineOrder({
  operation: "getPartsByVin",
  input: z.object({
    vin: fullVin,
    country: countryCode.optional(),
    provider: z.enum(PROVIDER_TEXTS).optional(),
  }),
  target: (input) => input.vin,
  send: ({ vin, ...query }, call) => call({ params: { vin }, query }),
});

export const startCartCheckAction = defineOrder({
  operation: "checkVinCart",
  input: z.object({ body: cartCheckRequest }),
  target: (input) => input.body.vin,
  subject: (input) => input.body,
  send: (body, call) => call({ body }),
});

export const startEconomicEvaluationAction = defineOrder({
  operation: "getVinEconomicEvaluation",
  input: economicEvaluationForm,
  target: (input) => input.vin,
  send: ({ vin, ...query }, call) => call({ params: { vin }, query }),
});

/** Not replay-safe (it creates an order): an unknown outcome is reported, never retried. */
export const startImageGenerationAction = defineOrder({
  operation: "generatePartImagesFromOeNumber",
  input: partImageGenerationRequest.pick({ oeNumber: true }),
  target: (input) => input.oeNumber,
  send: (input, call) => call({ body: input }),
});
