/**
 * VIN facts from the VIN alone: ISO 3779 characters, the North American check digit (position
 * 9, where the WMI is North American), the manufacturer from a small WMI table, and the model
 * year from position 10.
 */

// Looked up by characters of a VIN from the request: no prototype, so only letters find a value.
const TRANSLITERATION: Record<string, number> = Object.assign(Object.create(null), {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
});
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** North American WMIs start with 1 to 5; the check digit applies to them. */
export const usesCheckDigit = (vin: string) => /^[1-5]/.test(vin);

export function checkDigitOf(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i]!;
    const value = /\d/.test(c) ? Number(c) : (TRANSLITERATION[c] ?? 0);
    sum += value * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

export function hasValidCheckDigit(vin: string): boolean {
  return !usesCheckDigit(vin) || vin[8] === checkDigitOf(vin);
}

// Looked up by the first three characters of a VIN from the request.
const WMI = new Map<string, { manufacturer: string; country: string }>([
  ["WVW", { manufacturer: "Volkswagen", country: "DE" }],
  ["WV1", { manufacturer: "Volkswagen Commercial Vehicles", country: "DE" }],
  ["WAU", { manufacturer: "Audi", country: "DE" }],
  ["WBA", { manufacturer: "BMW", country: "DE" }],
  ["WDD", { manufacturer: "Mercedes-Benz", country: "DE" }],
  ["WP0", { manufacturer: "Porsche", country: "DE" }],
  ["VF1", { manufacturer: "Renault", country: "FR" }],
  ["VF3", { manufacturer: "Peugeot", country: "FR" }],
  ["ZFA", { manufacturer: "Fiat", country: "IT" }],
  ["TMB", { manufacturer: "Škoda", country: "CZ" }],
  ["VSS", { manufacturer: "SEAT", country: "ES" }],
  ["YV1", { manufacturer: "Volvo", country: "SE" }],
  ["SAL", { manufacturer: "Land Rover", country: "GB" }],
  ["JHM", { manufacturer: "Honda", country: "JP" }],
  ["JTD", { manufacturer: "Toyota", country: "JP" }],
  ["KMH", { manufacturer: "Hyundai", country: "KR" }],
  ["1HG", { manufacturer: "Honda", country: "US" }],
  ["1FA", { manufacturer: "Ford", country: "US" }],
  ["1G1", { manufacturer: "Chevrolet", country: "US" }],
  ["2T1", { manufacturer: "Toyota", country: "CA" }],
  ["5YJ", { manufacturer: "Tesla", country: "US" }],
]);

export function manufacturerOf(vin: string): { manufacturer: string; country: string } | null {
  return WMI.get(vin.slice(0, 3)) ?? null;
}

const YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";

/**
 * Model year from position 10. Codes repeat every 30 years: for North American VINs a letter at
 * position 7 means 2010 onwards; otherwise the latest year not after next year is taken.
 */
export function modelYearOf(vin: string, now = new Date()): number | null {
  const index = YEAR_CODES.indexOf(vin[9] ?? "");
  if (index < 0) return null;
  const early = 1980 + index;
  const late = early + 30;
  if (usesCheckDigit(vin)) return /[A-Z]/.test(vin[6] ?? "") ? late : early;
  return late <= now.getUTCFullYear() + 1 ? late : early;
}

export type VinProblem = { code: "invalid_vin" | "invalid_vin_check_digit"; message: string };

/** Why a full VIN is not acceptable, or null. */
export function checkFullVin(vin: string): VinProblem | null {
  if (!VIN_PATTERN.test(vin))
    return {
      code: "invalid_vin",
      message: "A VIN has 17 characters: digits and capital letters except I, O and Q.",
    };
  if (!hasValidCheckDigit(vin)) {
    return {
      code: "invalid_vin_check_digit",
      message: `The check digit (position 9) of this North American VIN should be ${checkDigitOf(vin)}.`,
    };
  }
  return null;
}
