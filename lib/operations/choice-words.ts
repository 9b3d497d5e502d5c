import { type z } from "zod";
import {
  type condition,
  type freshnessPolicy,
  type minimumEvidence,
} from "@/lib/api/contract/intelligence";
import { type vehicleType } from "@/lib/api/contract/parts";
import { type listingLanguage, type listingQuality } from "@/lib/api/contract/vehicles";
import { type cartCheckMode } from "@/lib/api/contract/vin";

/*
 * The words the console's forms show for the values of the contract's enums, one table per
 * enum, keyed by its type: a value the contract adds without words here fails the build. The
 * order of each table is the order a form lists them in.
 */

type Words<E extends z.ZodEnum> = Record<z.output<E>, string>;

export const CONDITION_WORDS: Words<typeof condition> = {
  used: "Used",
  new: "New",
  remanufactured: "Remanufactured",
  unknown: "Unknown",
};
export const VEHICLE_TYPE_WORDS: Words<typeof vehicleType> = {
  car: "Car",
  motorcycle: "Motorcycle",
};
export const FRESHNESS_WORDS: Words<typeof freshnessPolicy> = {
  refresh_if_stale: "Refresh if stale",
  allow_stale: "Allow a stale snapshot",
  require_fresh: "Require fresh data",
};
export const MINIMUM_EVIDENCE_WORDS: Words<typeof minimumEvidence> = {
  any: "Any",
  directional: "Directional",
  usable: "Usable",
  strong: "Strong",
};
export const CART_CHECK_MODE_WORDS: Words<typeof cartCheckMode> = {
  type: "Vehicle type",
  vehicle: "This vehicle",
};
export const LISTING_LANGUAGE_WORDS: Words<typeof listingLanguage> = {
  en: "English",
  de: "German",
  fr: "French",
};
export const LISTING_QUALITY_WORDS: Words<typeof listingQuality> = {
  standard: "standard",
  premium: "premium",
};

/**
 * A select's choices from a table of words, in its order; `only` keeps the values an operation
 * accepts (a part's condition is new or used, where Intelligence knows more).
 */
export function choicesOf<K extends string>(
  words: Record<K, string>,
  only?: readonly K[],
): [K, string][] {
  const entries = Object.entries(words) as [K, string][];
  return only ? entries.filter(([value]) => only.includes(value)) : entries;
}
