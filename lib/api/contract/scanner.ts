import { z } from "zod";
import { fullVin, httpUrl, oneOfRequired } from "./common";

/*
 * Scanner: document extraction and label/VIN reading. Deprecated request properties `imageUrl`
 * and `imageURL` are still accepted where the interface says so; `fileUrl` is preferred.
 */

const standardQuality = z.literal("standard");

export const registrationRequest = oneOfRequired(
  z.strictObject({
    fileUrl: httpUrl.optional(),
    imageUrl: httpUrl.optional(),
    quality: standardQuality.optional(),
  }),
  ["fileUrl", "imageUrl"],
  "send fileUrl",
);
export const registrationResponse = z.looseObject({ status: z.string(), data: z.looseObject({}) });

export const internationalRegistrationRequest = oneOfRequired(
  z.strictObject({
    fileUrl: httpUrl.optional(),
    imageUrl: httpUrl.optional(),
    imageURL: httpUrl.optional(),
    quality: standardQuality.optional(),
  }),
  ["fileUrl", "imageUrl", "imageURL"],
  "send fileUrl",
);
export const internationalRegistrationResponse = z.looseObject({
  format: z.literal("service.vehicle-registration.v2"),
  document: z.unknown(),
  registration: z.unknown(),
  holder: z.unknown(),
  inspection: z.unknown(),
  vehicle: z.looseObject({ vin: z.string().nullable() }),
  fields: z.array(
    z.looseObject({
      code: z.string(),
      sourceCode: z.string(),
      name: z.string(),
      value: z.unknown(),
      sourceValue: z.unknown(),
    }),
  ),
  warnings: z.array(z.unknown()),
});

export const calculationRequest = z.strictObject({
  fileUrl: httpUrl,
  quality: standardQuality.optional(),
});
const calculationBlocks = {
  documentType: z.unknown(),
  documentSubType: z.unknown(),
  source: z.unknown(),
  document: z.unknown(),
  vehicle: z.unknown(),
  financials: z.unknown(),
  repairAssessment: z.unknown(),
  parts: z.array(z.unknown()),
  labor: z.array(z.unknown()),
  paint: z.array(z.unknown()),
  notes: z.array(z.unknown()),
};
const requiredKeys = (keys: string[]) => (o: Record<string, unknown>) => keys.every((k) => k in o);
/** 12 required top-level fields; empty arrays stay arrays. */
export const calculationResponse = z
  .looseObject({ ...calculationBlocks, equipment: z.array(z.unknown()) })
  .refine(requiredKeys([...Object.keys(calculationBlocks), "equipment"]), {
    message: "all 12 top-level fields are required",
  });
/** The deprecated extract path returns the previous 11 fields, without `equipment`. */
export const extractDocumentResponse = z
  .looseObject(calculationBlocks)
  .refine(requiredKeys(Object.keys(calculationBlocks)), {
    message: "all 11 top-level fields are required",
  });

export const vehicleDocumentRequest = z.strictObject({
  fileUrl: httpUrl,
  quality: standardQuality.optional(),
  includeSensitiveData: z.boolean().optional(),
});
/** The sensitive-data answer keeps no replay, so its call refuses `Idempotency-Key`. */
export const includesSensitiveData = (body: unknown) =>
  typeof body === "object" &&
  body !== null &&
  (body as { includeSensitiveData?: unknown }).includeSensitiveData === true;

export const equipmentItem = z.looseObject({
  equipmentKind: z.enum(["standard", "variant", "special"]).nullable(),
  availability: z.unknown(),
  codes: z.array(z.looseObject({ value: z.string(), normalizedValue: z.string().nullable() })),
  sourceSection: z.unknown(),
  sourcePage: z.unknown(),
});
export const vehicleDocumentResponse = z.looseObject({
  schemaVersion: z.literal("1.0"),
  document: z.unknown(),
  vehicle: z.unknown(),
  equipment: z.array(equipmentItem),
  sensitiveData: z.unknown(),
  warnings: z.array(z.unknown()),
});

export const labelRequest = z.strictObject({
  imageUrl: httpUrl,
  quality: standardQuality.optional(),
});
export const labelBasicResponse = z.looseObject({ hasPartNumber: z.boolean(), where: z.unknown() });
export const labelPartNumbersResponse = z.looseObject({ partNumbers: z.array(z.string()) });
export const labelAllResponse = z.looseObject({
  status: z.string(),
  data: z.looseObject({
    primaryPartNumber: z.string().optional(),
    otherPartNumbers: z.array(z.string()).optional(),
  }),
});

export const vinImageQuality = z.enum(["standard", "enhanced", "maximum"]);
export const vinImageRequest = z.strictObject({
  imageUrl: httpUrl,
  quality: vinImageQuality.optional(),
});
/** `vin` is never a guessed or incomplete value: a full VIN or `null`. */
export const vinImageResponse = z.looseObject({ vin: fullVin.nullable() });
