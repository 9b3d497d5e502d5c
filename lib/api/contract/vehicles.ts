import { z } from "zod";
import { countryCode } from "./common";

export const svcIdPath = z.strictObject({ svcId: z.string().min(1).max(128) });

/** Technical lookup by `svcId`: `svcId` and technical fields, no VIN and no equipment. */
export const technicalVehicleResponse = z
  .looseObject({ svcId: z.string() })
  .refine((v) => !("vin" in v), { message: "a technical record carries no VIN" });
export type TechnicalVehicleResponse = z.infer<typeof technicalVehicleResponse>;

export const listingQuality = z.enum(["standard", "premium"]);
export const listingLanguage = z.enum(["de", "en", "fr"]);
export const vehicleListingRequest = z.strictObject({
  quality: listingQuality.optional(),
  language: listingLanguage.optional(),
  notes: z.string().max(2000).optional(),
});
/** Listing text without price, condition or value claims. */
export const vehicleListingResponse = z.looseObject({ svcId: z.string().optional() });

export const vehicleIntakeRequest = z.strictObject({
  fileUrl: z.url(),
  photoUrls: z.array(z.url()).max(20).optional(),
  country: countryCode.optional(),
  includeOwner: z.boolean().optional(),
});
export const vehicleIntakeResponse = z.looseObject({
  registrationDocument: z.looseObject({
    vehicle: z.looseObject({ vin: z.string().nullable().optional() }).optional(),
  }),
  vin: z.string().nullable(),
  provider: z.number().int(),
  svcId: z.string().nullable(),
  vehicle: z.looseObject({}).nullable(),
  condition: z.looseObject({}).nullable(),
});
