import { z } from "zod";
import { countryCode, currencyCode, fullVin, httpUrl, minorUnits, oneOfRequired } from "./common";

/*
 * Scanner: document extraction and label/VIN reading. Deprecated request properties `imageUrl`
 * and `imageURL` are still accepted where the interface says so; `fileUrl` is preferred. Inner
 * fields the interface does not show are the reference service's, declared optional.
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
/** A vehicle as a registration document names it. */
const registeredVehicle = z.looseObject({
  vin: z.string().nullable().optional(),
  make: z.string().optional(),
  model: z.string().optional(),
});
const documentDate = z.iso.date();
const holderName = z.looseObject({ name: z.string().optional() });
/** The VIN is at `data.vehicle.vin` in production and at `vehicle.vin` in the sandbox (on purpose). */
export const registrationResponse = z.looseObject({
  status: z.string(),
  data: z.looseObject({
    registrationNumber: z.string().optional(),
    firstRegistration: documentDate.optional(),
    holder: holderName.optional(),
    vehicle: registeredVehicle.optional().describe("Production only"),
  }),
  vehicle: registeredVehicle.optional().describe("Sandbox only"),
});

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
  document: z.looseObject({
    country: countryCode.optional(),
    type: z.string().optional().describe("e.g. `certificat_immatriculation`"),
  }),
  registration: z.looseObject({
    number: z.string().optional(),
    firstRegistration: documentDate.optional(),
  }),
  holder: holderName,
  inspection: z.looseObject({ nextDue: documentDate.optional() }),
  vehicle: z.looseObject({ vin: z.string().nullable() }),
  fields: z.array(
    z.looseObject({
      code: z.string(),
      sourceCode: z.string(),
      name: z.string(),
      value: z.string().nullable().describe("Canonical value; `null` when unreadable"),
      sourceValue: z.string().nullable().describe("As printed; `null` when unreadable"),
    }),
  ),
  warnings: z.array(z.looseObject({ code: z.string(), message: z.string().optional() })),
});

export const calculationRequest = z.strictObject({
  fileUrl: httpUrl,
  quality: standardQuality.optional(),
});
/** Amounts are in minor units of `financials.currency`. */
const calculationBlocks = {
  documentType: z.string().describe("e.g. `repair_calculation`"),
  documentSubType: z.string().describe("e.g. `liability`"),
  source: z.looseObject({ fileUrl: z.string().optional() }),
  document: z.looseObject({
    number: z.string().optional(),
    date: documentDate.optional(),
  }),
  vehicle: z.looseObject({ vin: z.string().nullable().optional() }),
  financials: z.looseObject({
    currency: currencyCode.optional(),
    partsMinor: minorUnits.optional(),
    laborMinor: minorUnits.optional(),
    totalMinor: minorUnits.optional(),
  }),
  repairAssessment: z.looseObject({ repairable: z.boolean().optional() }),
  parts: z.array(
    z.looseObject({
      oeNumber: z.string().optional(),
      description: z.string().optional(),
      priceMinor: minorUnits.nullable().optional(),
    }),
  ),
  labor: z.array(
    z.looseObject({ operation: z.string().optional(), hours: z.number().min(0).optional() }),
  ),
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
  availability: z.string().describe("Independent of the kind, e.g. `fitted`, `unknown`"),
  codes: z.array(z.looseObject({ value: z.string(), normalizedValue: z.string().nullable() })),
  sourceSection: z.string(),
  sourcePage: z.number().int().min(1),
});
export const vehicleDocumentResponse = z.looseObject({
  schemaVersion: z.literal("1.0"),
  document: z.looseObject({
    type: z.string().optional().describe("e.g. `vehicle_data_sheet`"),
    pages: z.number().int().min(1).optional(),
  }),
  vehicle: z.looseObject({ vin: z.string().nullable().optional() }),
  equipment: z.array(equipmentItem),
  sensitiveData: z
    .looseObject({
      holder: z
        .looseObject({ name: z.string().optional(), address: z.string().optional() })
        .optional(),
    })
    .nullable()
    .describe("Only with `includeSensitiveData=true`; `null` otherwise"),
  warnings: z.array(
    z.looseObject({ code: z.string().describe("Fixed code, e.g. `sensitive_data_omitted`") }),
  ),
});

export const labelRequest = z.strictObject({
  imageUrl: httpUrl,
  quality: standardQuality.optional(),
});
export const labelBasicResponse = z.looseObject({
  hasPartNumber: z.boolean(),
  where: z.string().nullable().describe("Where on the label, in words (never the text itself)"),
});
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
