import { type Messages } from "next-intl";
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
 * The words the console's forms show for the values of the contract's enums (their message keys
 * in the "choices" namespace), one table per enum, keyed by its type: a value the contract adds without words here fails the build. The
 * order of each table is the order a form lists them in.
 */

type ChoiceMessages = Messages["choices"];
/** A choice's message key in the "choices" namespace ("condition.used"). */
export type ChoiceKey = {
  [G in keyof ChoiceMessages]: `${G & string}.${keyof ChoiceMessages[G] & string}`;
}[keyof ChoiceMessages];
type Words<E extends z.ZodEnum> = Record<z.output<E>, ChoiceKey>;

export const CONDITION_WORDS: Words<typeof condition> = {
  used: "condition.used",
  new: "condition.new",
  remanufactured: "condition.remanufactured",
  unknown: "condition.unknown",
};
export const VEHICLE_TYPE_WORDS: Words<typeof vehicleType> = {
  car: "vehicleType.car",
  motorcycle: "vehicleType.motorcycle",
};
export const FRESHNESS_WORDS: Words<typeof freshnessPolicy> = {
  refresh_if_stale: "freshness.refresh_if_stale",
  allow_stale: "freshness.allow_stale",
  require_fresh: "freshness.require_fresh",
};
export const MINIMUM_EVIDENCE_WORDS: Words<typeof minimumEvidence> = {
  any: "minimumEvidence.any",
  directional: "minimumEvidence.directional",
  usable: "minimumEvidence.usable",
  strong: "minimumEvidence.strong",
};
export const CART_CHECK_MODE_WORDS: Words<typeof cartCheckMode> = {
  type: "cartCheckMode.type",
  vehicle: "cartCheckMode.vehicle",
};
export const LISTING_LANGUAGE_WORDS: Words<typeof listingLanguage> = {
  en: "listingLanguage.en",
  de: "listingLanguage.de",
  fr: "listingLanguage.fr",
};
export const LISTING_QUALITY_WORDS: Words<typeof listingQuality> = {
  standard: "listingQuality.standard",
  premium: "listingQuality.premium",
};

/**
 * A select's choices from a table of words, in its order, worded by `t` (the "choices"
 * namespace's translator); `only` keeps the values an operation accepts (a part's condition is
 * new or used, where Intelligence knows more).
 */
export function choicesOf<K extends string>(
  words: Record<K, ChoiceKey>,
  t: (key: ChoiceKey) => string,
  only?: readonly K[],
): [K, string][] {
  const entries = Object.entries(words) as [K, ChoiceKey][];
  return (only ? entries.filter(([value]) => only.includes(value)) : entries).map(
    ([value, key]) => [value, t(key)],
  );
}
