import { z } from "zod";

/** Series-level vehicle recall match against official registers, with data-version information. */
export const vehicleRecallResponse = z.looseObject({
  vin: z.string().optional(),
  recalls: z.array(z.looseObject({})).optional(),
  dataVersions: z.looseObject({}).optional(),
});

export const partRecallRequest = z.strictObject({
  positions: z
    .array(z.looseObject({ oeNumber: z.string().trim().min(1).max(64) }))
    .min(1)
    .max(100),
});
export const partRecallResponse = z.looseObject({
  positions: z.array(
    z.looseObject({ oeNumber: z.string(), normalizedOeNumber: z.string().nullable() }),
  ),
  dataVersions: z.looseObject({}).optional(),
});
