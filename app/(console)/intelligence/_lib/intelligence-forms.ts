import { z } from "zod";
import { countryCode, currencyCode, fullVin, uuid } from "@/lib/api/contract/common";
import { condition, freshnessPolicy } from "@/lib/api/contract/intelligence";
import { parseDateTime } from "@/lib/dates";

/**
 * The Intelligence forms' fields as people type them (upper-cased codes, numbers from text) and
 * the query or body they become. One schema per form, used by the form and by its action.
 */
const code = (schema: z.ZodType<string, string>) =>
  z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .pipe(schema);
const optionalText = z
  .string()
  .max(64, "At most 64 characters.")
  .transform((v) => v.trim());

export const marketScopeFields = z.object({
  marketCountry: code(countryCode),
  currency: code(currencyCode),
  condition,
  windowDays: z.coerce
    .number({ message: "A whole number of days." })
    .int("A whole number of days.")
    .min(1, "At least 1 day.")
    .max(730, "At most 730 days."),
});

export const resolvePartForm = marketScopeFields
  .extend({
    oeNumber: optionalText,
    aftermarketNumber: optionalText,
    manufacturer: optionalText,
    freshnessPolicy,
  })
  .superRefine((v, ctx) => {
    if (!v.oeNumber && !v.aftermarketNumber)
      ctx.addIssue({
        code: "custom",
        path: ["oeNumber"],
        message: "Enter an OE number or an aftermarket number.",
      });
  });
export type ResolvePartForm = z.output<typeof resolvePartForm>;

export const clusterReadForm = marketScopeFields.extend({ clusterId: uuid, freshnessPolicy });

export const vinEconomicForm = z.object({
  vin: code(fullVin),
  marketCountry: code(countryCode),
  currency: code(currencyCode),
  condition,
  asOf: z.string().transform((text, ctx) => {
    const at = parseDateTime(text);
    if (!at) {
      ctx.addIssue({
        code: "custom",
        message: "A date and time, for example 20 Nov 2026 09:00 (UTC).",
      });
      return z.NEVER;
    }
    return at.toISOString();
  }),
  minimumEvidence: z.enum(["any", "directional", "usable", "strong"]),
  freshnessPolicy,
  maxCandidates: z.coerce
    .number({ message: "A whole number." })
    .int("A whole number.")
    .min(1, "At least 1.")
    .max(100, "At most 100."),
  includeInsufficientCandidates: z.boolean(),
});

/** The resolve query: empty optional fields are left out. */
export function resolveQuery(v: ResolvePartForm) {
  return {
    ...(v.oeNumber ? { oeNumber: v.oeNumber } : {}),
    ...(v.aftermarketNumber ? { aftermarketNumber: v.aftermarketNumber } : {}),
    ...(v.manufacturer ? { manufacturer: v.manufacturer.toUpperCase() } : {}),
    marketCountry: v.marketCountry,
    currency: v.currency,
    condition: v.condition,
    windowDays: v.windowDays,
    freshnessPolicy: v.freshnessPolicy,
  };
}
