import { z } from "zod";
import { boundedText, fullVin, httpUrl, oneOfRequired } from "./common";

/*
 * Vision: request and response bodies are not shown beyond a few fields, so every shape stays
 * open and only the documented fields are checked.
 */

/**
 * The image an analysis reads. The interface does not show it; the reference service takes an
 * http(s) address as `imageUrl`, `fileUrl` or the first of `imageUrls`, and says so here.
 */
const IMAGE_FIELDS = ["imageUrl", "fileUrl", "imageUrls"] as const;
const image = {
  imageUrl: httpUrl.optional(),
  fileUrl: httpUrl.optional(),
  imageUrls: z.array(httpUrl).min(1).optional(),
};
const SEND_IMAGE = "send imageUrl (an absolute http or https address)";

export const genericVisionRequest = oneOfRequired(z.looseObject(image), IMAGE_FIELDS, SEND_IMAGE);
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

export const elvClassificationRequest = oneOfRequired(
  z.looseObject({
    ...image,
    vehicle: z.looseObject({ vin: fullVin.optional() }).optional(),
  }),
  IMAGE_FIELDS,
  SEND_IMAGE,
);
