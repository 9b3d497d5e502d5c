"use server";

import { z } from "zod";
import { JobQuarantinedError } from "@/lib/api/client";
import { countryCode, fullVin } from "@/lib/api/contract/common";
import { cartCheckRequest } from "@/lib/api/contract/vin";
import { partImageGenerationRequest } from "@/lib/api/contract/vision";
import { defineAction } from "@/lib/actions/define-action";
import { type JobFamily } from "@/lib/jobs/job-families";
import { type OrderResponse, recordStart } from "@/lib/jobs/job-store";
import { economicEvaluationForm } from "@/lib/jobs/job-forms";

const idempotencyKey = z.string().regex(/^[\x21-\x7e]{1,255}$/);

/** Runs an order and records what it answered; a quarantined job is recorded as such. */
async function order(
  clientId: string,
  family: JobFamily,
  input: Record<string, unknown>,
  call: () => Promise<OrderResponse>,
) {
  try {
    return { jobId: await recordStart(clientId, family, input, { response: await call() }) };
  } catch (error) {
    if (error instanceof JobQuarantinedError)
      return { jobId: await recordStart(clientId, family, input, { quarantined: error }) };
    throw error;
  }
}

export const startPartsLookupAction = defineAction({
  input: z.object({
    vin: fullVin,
    country: countryCode.optional(),
    provider: z.enum(["1", "2", "3"]).optional(),
  }),
  audit: { operationId: "getPartsByVin", target: (input) => input.vin },
  run: ({ vin, ...query }, { api, session }) =>
    order(session.clientId, "vin_parts", { vin, ...query }, () =>
      api.getPartsByVin({ params: { vin }, query }),
    ),
});

export const startCartCheckAction = defineAction({
  input: z.object({ body: cartCheckRequest, idempotencyKey }),
  audit: { operationId: "checkVinCart", target: (input) => input.body.vin },
  run: (input, { api, session }) =>
    order(session.clientId, "cart_check", { ...input.body }, () =>
      api.checkVinCart({ body: input.body }, { idempotencyKey: input.idempotencyKey }),
    ),
});

export const startEconomicEvaluationAction = defineAction({
  input: economicEvaluationForm,
  audit: { operationId: "getVinEconomicEvaluation", target: (input) => input.vin },
  run: ({ vin, ...query }, { api, session }) =>
    order(session.clientId, "economic_evaluation", { vin, ...query }, () =>
      api.getVinEconomicEvaluation({ params: { vin }, query }),
    ),
});

/** Not replay-safe (it creates an order): an unknown outcome is reported, never retried. */
export const startImageGenerationAction = defineAction({
  input: partImageGenerationRequest.pick({ oeNumber: true }),
  audit: { operationId: "generatePartImagesFromOeNumber", target: (input) => input.oeNumber },
  run: (input, { api, session }) =>
    order(session.clientId, "part_image", { oeNumber: input.oeNumber }, () =>
      api.generatePartImagesFromOeNumber({ body: input }),
    ),
});
