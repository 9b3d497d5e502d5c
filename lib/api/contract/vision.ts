import { z } from "zod";
import { boundedText, countryCode, fullVin, httpUrl, oneOfRequired } from "./common";

/*
 * Vision: request and response bodies are not shown beyond a few fields, so every shape stays
 * open and only the documented fields are required. The reference service's other fields are
 * declared optional, with their types, so the OpenAPI document names everything it sends.
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

/** An image the service made: an address the console can show (a `data:` URL in the reference service). */
const madeImage = z.string().describe("Image address (`data:` or http(s) URL)");
/** What an answer is not (an inspection, a keeper lookup…): plain sentences, shown with it. */
const limitations = z.array(z.string()).describe("What the answer is not, in sentences");
/** A fraction from 0 to 1. */
const fraction = z.number().min(0).max(1);

export const partImageGenerationRequest = z.looseObject({
  oeNumber: boundedText(64),
});
/** The standard views of a part (generated images, damage transfer). */
export const partImageView = z.enum(["front", "side", "detail"]);
/** Generation results keep synthetic/disclosure metadata and `result.oeNumber` on success. */
export const partImageGenerationResponse = z.looseObject({
  oeNumber: z.string(),
  synthetic: z.boolean().optional(),
  disclosure: z.string().optional(),
  images: z
    .array(
      z.looseObject({
        view: partImageView.optional(),
        mediaType: z.string().optional().describe("Media type of the image, e.g. `image/svg+xml`"),
        url: madeImage.optional(),
      }),
    )
    .optional(),
});

/** `mediaType` and `dimensions` are `null` when nothing was found (no image was made). */
export const backgroundRemovalResponse = z.looseObject({
  found: z.boolean(),
  imageUrl: z.string().nullable(),
  mediaType: z.string().nullable().optional(),
  dimensions: z
    .looseObject({ width: z.number().int().min(1), height: z.number().int().min(1) })
    .nullable()
    .optional()
    .describe("Pixel size of the image made"),
  coverage: fraction.describe("Share of the image the object covers, 0 to 1"),
  sourcePixelsPreserved: z.boolean(),
  limitations,
});

export const damageDescriptionResponse = z.looseObject({
  damages: z
    .array(
      z.looseObject({
        area: z.string().optional().describe("Where the damage is, e.g. `front bumper`"),
        type: z.string().optional().describe("Kind of damage, e.g. `dent`"),
        severity: z.string().optional().describe("e.g. `minor`, `moderate`"),
      }),
    )
    .optional(),
  limitations: limitations.optional(),
});

export const partQualityResponse = z.looseObject({
  grade: z.enum(["A", "B", "C"]).optional().describe("Quality grade, A best"),
  confidence: fraction.optional(),
  limitations: limitations.optional(),
});

export const elvClassificationResponse = z.looseObject({
  classification: z.enum(["end_of_life", "repairable"]).optional(),
  vin: fullVin.nullable().optional().describe("The request's `vehicle.vin`, or `null`"),
  limitations: limitations.optional(),
});

export const conditionReportResponse = z.looseObject({
  overall: z.string().optional().describe("Overall condition, e.g. `good`"),
  items: z
    .array(z.looseObject({ area: z.string().optional(), finding: z.string().optional() }))
    .optional(),
  limitations: limitations.optional(),
});

/** The plate's characters only: no keeper lookup, registration validation or authenticity proof. */
export const licensePlateResponse = z.looseObject({
  plate: z.string().optional(),
  country: countryCode.optional(),
  confidence: fraction.optional(),
  limitations: limitations.optional(),
});

export const partCompositeResponse = z.looseObject({
  imageUrl: madeImage.optional(),
  synthetic: z.boolean().optional(),
  limitations: limitations.optional(),
});

export const damageTransferResponse = z.looseObject({
  views: z
    .array(z.looseObject({ view: partImageView.optional(), imageUrl: madeImage.optional() }))
    .optional(),
  synthetic: z.boolean().optional(),
  limitations: limitations.optional(),
});

export const redactionResponse = z.looseObject({
  imageUrl: madeImage.optional(),
  redactedRegions: z
    .array(
      z.looseObject({
        kind: z.string().optional().describe("What was covered, e.g. `licence_plate`, `vin_plate`"),
      }),
    )
    .optional(),
  limitations: limitations.optional(),
});

export const elvClassificationRequest = oneOfRequired(
  z.looseObject({
    ...image,
    vehicle: z.looseObject({ vin: fullVin.optional() }).optional(),
  }),
  IMAGE_FIELDS,
  SEND_IMAGE,
);
