import { z } from "zod";
import { countryCode } from "./common";

export const svcIdPath = z.strictObject({
  svcId: z
    .string()
    .min(1)
    .max(128)
    .describe(
      "Vehicle-type reference from a VIN lookup; usable only by the Client that obtained it (`404` otherwise).",
    ),
});

/**
 * A vehicle type's description (the VIN lookup's `vehicle`, the technical record). Its fields are
 * not shown by the interface: these are the reference service's, all optional.
 */
export const vehicleTypeFields = {
  manufacturer: z.string().nullable().optional().describe("`null` when the VIN's WMI is unknown"),
  model: z.string().optional(),
  modelYear: z.number().int().nullable().optional(),
  bodyType: z.string().optional().describe("e.g. `hatchback`, `estate`, `saloon`, `SUV`"),
  fuelType: z.string().optional().describe("e.g. `petrol`, `diesel`, `hybrid`, `electric`"),
  engine: z
    .looseObject({
      code: z.string().optional(),
      displacementCcm: z.number().int().nullable().optional().describe("`null` for electric"),
      powerKw: z.number().int().optional(),
    })
    .optional(),
  transmission: z.string().optional().describe("e.g. `manual`, `automatic`, `dual-clutch`"),
};

/** Technical lookup by `svcId`: `svcId` and technical fields, no VIN and no equipment. */
export const technicalVehicleResponse = z
  .looseObject({ svcId: z.string(), ...vehicleTypeFields })
  .refine((v) => !("vin" in v), { message: "a technical record carries no VIN" });
export type TechnicalVehicleResponse = z.infer<typeof technicalVehicleResponse>;

export const listingQuality = z.enum(["standard", "premium"]);
export const listingLanguage = z.enum(["de", "en", "fr"]);
export const vehicleListingRequest = z.strictObject({
  quality: listingQuality.optional(),
  language: listingLanguage.optional(),
  notes: z.string().max(2000).optional(),
});
/** Listing text without price, condition or value claims (`claims` says so, each `false`). */
export const vehicleListingResponse = z.looseObject({
  svcId: z.string().optional(),
  language: listingLanguage.optional(),
  title: z.string().optional(),
  text: z.string().optional(),
  notes: z.string().nullable().optional().describe("The request's `notes`, or `null`"),
  claims: z
    .looseObject({
      price: z.literal(false).optional(),
      condition: z.literal(false).optional(),
      value: z.literal(false).optional(),
    })
    .optional(),
});

/** The most photos one registration intake takes. */
export const INTAKE_PHOTOS_MAX = 20;
export const vehicleIntakeRequest = z.strictObject({
  fileUrl: z.url(),
  photoUrls: z.array(z.url()).max(INTAKE_PHOTOS_MAX).optional(),
  country: countryCode.optional(),
  includeOwner: z.boolean().optional(),
});
/** Intake: document data, then what the VIN resolved to (`null` when no VIN was read). */
export const vehicleIntakeResponse = z.looseObject({
  registrationDocument: z.looseObject({
    documentType: z.string().optional().describe("e.g. `registration_part_1`"),
    country: countryCode.optional(),
    vehicle: z
      .looseObject({
        vin: z.string().nullable().optional(),
        firstRegistration: z.iso.date().optional(),
      })
      .optional(),
    holder: z
      .looseObject({ name: z.string().optional(), city: z.string().optional() })
      .optional()
      .describe("Only with `includeOwner=true`"),
  }),
  vin: z.string().nullable(),
  provider: z.number().int(),
  svcId: z.string().nullable(),
  vehicle: z
    .looseObject({
      manufacturer: vehicleTypeFields.manufacturer,
      model: vehicleTypeFields.model,
      modelYear: vehicleTypeFields.modelYear,
    })
    .nullable(),
  condition: z
    .looseObject({
      photosAssessed: z.number().int().min(0).optional(),
      visibleDamage: z.boolean().optional(),
    })
    .nullable()
    .describe("From `photoUrls`; `null` without photos"),
});
