import { z } from "zod";
import { countryCode, currencyCode, fullVin, uuid } from "@/lib/api/contract/common";
import {
  condition,
  freshnessPolicy,
  INTELLIGENCE_BOUNDS as BOUNDS,
  minimumEvidence,
} from "@/lib/api/contract/intelligence";
import { parseDateTime } from "@/lib/dates";
import { atMostCharacters } from "@/lib/validation/form-bounds";
import { typedCode } from "@/lib/validation/typed-code";

/**
 * The Intelligence forms' fields as people type them (upper-cased codes, numbers from text) and
 * the query or body they become. One schema per form, used by the form and by its action.
 */
/** A text field that may stay empty, within the contract's bound. */
const optionalText = (max: number) =>
  z
    .string()
    .max(max, atMostCharacters(max))
    .transform((v) => v.trim());

/** A whole number typed in a field, from `min` to `max` (of `unit`, when it has one). */
function wholeNumber(min: number, max: number, unit?: string) {
  const whole = unit ? `A whole number of ${unit}.` : "A whole number.";
  const of = (n: number) => (unit ? `${n} ${n === 1 ? unit.replace(/s$/, "") : unit}` : n);
  return z.coerce
    .number({ message: whole })
    .int(whole)
    .min(min, `At least ${of(min)}.`)
    .max(max, `At most ${of(max)}.`);
}

export const marketScopeFields = z.object({
  marketCountry: typedCode(countryCode),
  currency: typedCode(currencyCode),
  condition,
  windowDays: wholeNumber(BOUNDS.windowDays.min, BOUNDS.windowDays.max, "days"),
});

export const resolvePartForm = marketScopeFields
  .extend({
    oeNumber: optionalText(BOUNDS.partNumber),
    aftermarketNumber: optionalText(BOUNDS.partNumber),
    manufacturer: optionalText(BOUNDS.manufacturer),
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
  vin: typedCode(fullVin),
  marketCountry: typedCode(countryCode),
  currency: typedCode(currencyCode),
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
  minimumEvidence,
  freshnessPolicy,
  maxCandidates: wholeNumber(BOUNDS.maxCandidates.min, BOUNDS.maxCandidates.max),
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
