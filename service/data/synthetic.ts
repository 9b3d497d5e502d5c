import { createHash } from "node:crypto";

/** Deterministic bytes for synthetic answers: the same input always gives the same output. */
export const seedOf = (...parts: string[]) => createHash("sha256").update(parts.join("|")).digest();

/** A valid European VIN derived from a seed (no check digit applies to a W... WMI). */
export function syntheticVin(seed: Buffer): string {
  const digits = Array.from(seed.subarray(0, 6), (b) => String(b % 10)).join("");
  return `WVWZZZ1KZ${"ABCDEFGHJKLMNPRSTVWXY123456789"[seed[6]! % 30]}W${digits}`;
}
