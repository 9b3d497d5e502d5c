import { z } from "zod";
import { countryCode, fullVin } from "@/lib/api/contract/common";
import { economicEvaluationQuery } from "@/lib/api/contract/vin";

/** Numbers as the inputs give them (`valueAsNumber`: NaN when empty means "not set"). */
const optionalNumber = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === "number" && Number.isNaN(v) ? undefined : v), schema);

const query = economicEvaluationQuery.shape;

/** Economic evaluation: the contract's parameters and ranges; `provider` is fixed at 1. */
export const economicEvaluationForm = z.object({
  vin: fullVin,
  country: z
    .union([z.literal(""), countryCode])
    .optional()
    .transform((v) => v || undefined),
  condition: query.condition,
  vehicleType: query.vehicleType,
  maxPricedParts: optionalNumber(query.maxPricedParts),
  recoveryRate: optionalNumber(query.recoveryRate),
  costPerPart: optionalNumber(query.costPerPart),
});
export type EconomicEvaluationForm = z.input<typeof economicEvaluationForm>;

/** OE numbers typed one per line: order and duplicates are kept, empty lines dropped. */
export function parseOeLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}
