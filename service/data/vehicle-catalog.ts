import { type ProviderId } from "@/lib/api/contract/common";
import { createHash } from "node:crypto";
import { manufacturerOf, modelYearOf } from "../domain/vin";
import { type CatalogPart, normalizeOe, PARTS } from "./parts-catalog";

/**
 * Test VINs, like a payment provider's test cards: each produces one documented behaviour
 * (docs/test-data.md). Any other valid VIN answers with deterministic synthetic data.
 */
export const TEST_VINS = {
  immediate: "WVWZZZ1KZ8W000001",
  job: "WVWZZZ1KZ8W000202",
  jobFails: "WVWZZZ1KZ8W000500",
  incomplete: "WVWZZZ1KZ8W000007",
  notFound: "WVWZZZ1KZ8W000404",
  missingCategories: "WVWZZZ1KZ8W000321",
  noVdi: "WVWZZZ1KZ8W000100",
  boundToProvider2: "WVWZZZ1KZ8W000409",
  northAmerican: "1HGCM82633A004352",
} as const;

export interface VinBehaviour {
  /** Parts, cart check and economic evaluation answer 202 with a job. */
  async: boolean;
  jobFails: boolean;
  notFound: boolean;
  incomplete: boolean;
  missingCategories: string[];
  noVdi: boolean;
  boundProvider: ProviderId | null;
}

export function behaviourOf(vin: string): VinBehaviour {
  return {
    async: vin === TEST_VINS.job || vin === TEST_VINS.jobFails,
    jobFails: vin === TEST_VINS.jobFails,
    notFound: vin === TEST_VINS.notFound,
    incomplete: vin === TEST_VINS.incomplete,
    missingCategories: vin === TEST_VINS.missingCategories ? ["electrics", "body"] : [],
    noVdi: vin === TEST_VINS.noVdi,
    boundProvider: vin === TEST_VINS.boundToProvider2 ? 2 : null,
  };
}

const hash = (text: string) => createHash("sha256").update(text).digest();
const pick = <T>(items: readonly T[], seed: Buffer, at = 0) => items[seed[at]! % items.length]!;

const MODELS: Record<string, string[]> = {
  Volkswagen: ["Golf", "Passat", "Polo", "Tiguan"],
  Audi: ["A3", "A4", "Q5"],
  BMW: ["320d", "X3", "118i"],
  "Mercedes-Benz": ["C 220 d", "A 180", "E 300"],
  Renault: ["Clio", "Mégane", "Captur"],
  Honda: ["Accord", "Civic"],
  Ford: ["Focus", "Mustang"],
  Tesla: ["Model 3", "Model Y"],
};
const BODIES = ["hatchback", "estate", "saloon", "SUV"] as const;
const FUELS = ["petrol", "diesel", "hybrid", "electric"] as const;
const COLOURS = [
  { code: "LC9X", name: "Deep Black Pearl" },
  { code: "LB7W", name: "Reflex Silver" },
  { code: "LY9T", name: "Pure White" },
  { code: "LA7W", name: "Tornado Red" },
];

export interface SyntheticVehicle {
  svcId: string;
  manufacturer: string | null;
  model: string;
  modelYear: number | null;
  bodyType: string;
  fuelType: string;
  engine: { code: string; displacementCcm: number | null; powerKw: number };
  transmission: string;
}

/** The vehicle type a VIN resolves to; VINs with the same WMI, descriptor and year share a `svcId`. */
export function vehicleFor(vin: string, candidate = 0): SyntheticVehicle {
  const make = manufacturerOf(vin);
  const year = modelYearOf(vin);
  const typeSeed = hash(`${vin.slice(0, 8)}|${year}|${candidate}`);
  const fuel = pick(FUELS, typeSeed, 2);
  return {
    svcId: `svc_${typeSeed.toString("hex").slice(0, 12)}`,
    manufacturer: make?.manufacturer ?? null,
    model: pick(MODELS[make?.manufacturer ?? ""] ?? ["Model A", "Model B"], typeSeed, 1),
    modelYear: year,
    bodyType: pick(BODIES, typeSeed, 3),
    fuelType: fuel,
    engine: {
      code: typeSeed.toString("hex").slice(12, 16).toUpperCase(),
      displacementCcm: fuel === "electric" ? null : 1000 + (typeSeed[4]! % 20) * 100,
      powerKw: 55 + (typeSeed[5]! % 150),
    },
    transmission: pick(["manual", "automatic", "dual-clutch"], typeSeed, 6),
  };
}

/** Candidates for a partial VIN (redirect sessions): three deterministic vehicle types. */
export function candidatesFor(vin: string): SyntheticVehicle[] {
  if (vin.length === 17) {
    const first = vehicleFor(vin);
    return behaviourOf(vin).incomplete ? [first, vehicleFor(vin, 1)] : [first];
  }
  const padded = (vin + "ZZZZZZZZZZZZZZZZZ").slice(0, 17);
  return [0, 1, 2].map((c) => vehicleFor(padded, c));
}

export function vehicleDetails(vin: string, v: SyntheticVehicle) {
  const seed = hash(vin);
  return {
    equipments: [
      { code: "1AT", description: "Anti-lock braking system" },
      { code: "9AK", description: "Air conditioning" },
      ...(seed[0]! % 2 ? [{ code: "7X2", description: "Parking sensors" }] : []),
    ],
    colors: [pick(COLOURS, seed, 1)],
    technical: {
      engineCode: v.engine.code,
      displacementCcm: v.engine.displacementCcm,
      powerKw: v.engine.powerKw,
      transmission: v.transmission,
      fuelType: v.fuelType,
    },
  };
}

const PART_POOL: CatalogPart[] = PARTS.filter((p) => p.svcGenArt !== null);

export interface VinPartItem {
  number: string | null;
  svcGenArt: string;
  vdi: string[];
  name: string;
  category: string;
  listPriceMinor: number | null;
}

/** The parts a VIN's vehicle type carries: catalogue parts plus a generic item without an OE number. */
export function partsFor(vin: string): VinPartItem[] {
  const b = behaviourOf(vin);
  const seed = hash(`parts|${vin.slice(0, 11)}`);
  const count = 4 + (seed[0]! % 3);
  const chosen = Array.from(
    { length: count },
    (_, i) => PART_POOL[(seed[i + 1]! + i) % PART_POOL.length]!,
  );
  const unique = [
    ...new Map(chosen.map((p) => [normalizeOe(p.number) + p.manufacturer, p])).values(),
  ];
  const items: VinPartItem[] = unique.map((p) => ({
    number: normalizeOe(p.number),
    svcGenArt: p.svcGenArt!,
    vdi: b.noVdi ? [] : p.vdi,
    name: p.name.en,
    category: p.vdi[0]?.startsWith("VDI4081_34")
      ? "brakes"
      : p.vdi[0]?.startsWith("VDI4081_18")
        ? "filters"
        : "engine",
    listPriceMinor: p.listPriceMinor,
  }));
  items.push({
    number: null,
    svcGenArt: "SGA-000900",
    vdi: [],
    name: "Wiper blade set (no OE number)",
    category: "body",
    listPriceMinor: 2490,
  });
  return items;
}
