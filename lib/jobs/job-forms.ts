import { z } from "zod";
import { countryCode, fullVin } from "@/lib/api/contract/common";

/** Numbers as the inputs give them (`valueAsNumber`: NaN when empty means "not set"). */
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess(
    (v) => (typeof v === "number" && Number.isNaN(v) ? undefined : v),
    schema.optional(),
  );

/** Economic evaluation: every documented parameter with its range; `provider` is fixed at 1. */
export const economicEvaluationForm = z.object({
  vin: fullVin,
  country: z
    .union([z.literal(""), countryCode])
    .optional()
    .transform((v) => v || undefined),
  condition: z.enum(["used", "new"]).optional(),
  vehicleType: z.enum(["car", "motorcycle"]).optional(),
  maxPricedParts: optionalNumber(
    z.number().int("Enter a whole number.").min(1, "At least 1.").max(100, "At most 100."),
  ),
  recoveryRate: optionalNumber(z.number().min(0.05, "At least 0.05.").max(1, "At most 1.")),
  costPerPart: optionalNumber(z.number().min(0, "At least 0.").max(1000, "At most 1,000.")),
});
export type EconomicEvaluationForm = z.input<typeof economicEvaluationForm>;

/** OE numbers typed one per line: order and duplicates are kept, empty lines dropped. */
export function parseOeLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}
