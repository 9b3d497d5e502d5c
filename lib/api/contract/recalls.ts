import { z } from "zod";

/*
 * Recalls: the interface shows only a few fields of both operations; the reference service's
 * other fields are declared optional, with their types.
 */

/** The official registers the reference service matches against. */
export const RECALL_REGISTERS = ["kba", "nhtsa", "rappelConso"] as const;
export const recallRegister = z.enum(RECALL_REGISTERS);
export type RecallRegister = z.infer<typeof recallRegister>;

/** Each register's data version (its stand), by register. */
export const dataVersions = z.looseObject({
  kba: z.string().optional(),
  nhtsa: z.string().optional(),
  rappelConso: z.string().optional(),
} satisfies Record<RecallRegister, z.ZodType>);

/** Series-level vehicle recall match against official registers, with data-version information. */
export const vehicleRecallResponse = z.looseObject({
  vin: z.string().optional(),
  manufacturer: z.string().optional(),
  modelYear: z.number().int().nullable().optional(),
  matchLevel: z.literal("series").optional().describe("Matching is series-level"),
  recalls: z
    .array(
      z.looseObject({
        reference: z.string().optional(),
        component: z.string().optional().describe("e.g. `brakes`, `airbag`"),
        register: recallRegister.optional(),
        seriesLevel: z.boolean().optional(),
        remedy: z.string().optional(),
      }),
    )
    .optional(),
  dataVersions: dataVersions.optional(),
});

export const partRecallRequest = z.strictObject({
  positions: z
    .array(z.looseObject({ oeNumber: z.string().trim().min(1).max(64) }))
    .min(1)
    .max(100),
});
export const partRecallResponse = z.looseObject({
  positions: z.array(
    z.looseObject({
      oeNumber: z.string(),
      normalizedOeNumber: z.string().nullable(),
      recalls: z
        .array(
          z.looseObject({
            reference: z.string().optional(),
            register: recallRegister.optional(),
          }),
        )
        .optional(),
    }),
  ),
  dataVersions: dataVersions.optional(),
});
