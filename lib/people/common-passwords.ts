import "server-only";
import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The common-password list of zxcvbn-ts (a maintained package: the most frequent passwords of
 * public breach corpora), as a set, built on first use.
 */
let common: Set<string> | undefined;

export function isCommonPassword(lowerCased: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common.has(lowerCased);
}
