import { z } from "zod";
import { boundedText, fullVin } from "./common";

/*
 * Vision: request and response bodies are not shown beyond a few fields, so every shape stays
 * open and only the documented fields are checked.
 */

export const genericVisionRequest = z.looseObject({});
export const genericVisionResponse = z.looseObject({});

export const partImageGenerationRequest = z.looseObject({
  oeNumber: boundedText(64),
});
/** Generation results keep synthetic/disclosure metadata and `result.oeNumber` on success. */
export const partImageGenerationResponse = z.looseObject({
  oeNumber: z.string(),
  synthetic: z.boolean().optional(),
  disclosure: z.string().optional(),
  images: z.array(z.looseObject({})).optional(),
});

export const backgroundRemovalResponse = z.looseObject({
  found: z.boolean(),
  imageUrl: z.string().nullable(),
  coverage: z.unknown(),
  sourcePixelsPreserved: z.unknown(),
  limitations: z.array(z.unknown()),
});

export const elvClassificationRequest = z.looseObject({
  vehicle: z.looseObject({ vin: fullVin.optional() }).optional(),
});
