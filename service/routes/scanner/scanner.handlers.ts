import { type WarningCode } from "@/lib/api/contract/warnings";
import { ok } from "../../core";
import { type HandlerMap } from "../../context";
import { seedOf, syntheticVin } from "../../data/synthetic";
import { normalizeOe, PARTS } from "../../data/parts-catalog";

/** Documents whose address contains this word have no readable VIN (synthetic test data). */
const NO_VIN_MARKER = "novin";

function documentVin(url: string): string | null {
  return url.toLowerCase().includes(NO_VIN_MARKER) ? null : syntheticVin(seedOf("document", url));
}

const calculationBlocks = (url: string) => {
  const seed = seedOf("calculation", url);
  const vin = documentVin(url);
  const parts = PARTS.slice(0, 2 + (seed[0]! % 3)).map((p) => ({
    oeNumber: normalizeOe(p.number),
    description: p.name.en,
    priceMinor: p.listPriceMinor,
  }));
  const partsTotal = parts.reduce((n, p) => n + (p.priceMinor ?? 0), 0);
  const laborMinor = 9_000 + (seed[1]! % 40) * 500;
  return {
    documentType: "repair_calculation",
    documentSubType: "liability",
    source: { fileUrl: url },
    document: { number: `CALC-${seed.readUInt16BE(2)}`, date: "2026-10-28" },
    vehicle: { vin },
    financials: {
      currency: "EUR",
      partsMinor: partsTotal,
      laborMinor,
      totalMinor: partsTotal + laborMinor,
    },
    repairAssessment: { repairable: seed[4]! % 5 !== 0 },
    parts,
    labor: [{ operation: "Replace", hours: 2 + (seed[5]! % 4) }],
    paint: [],
    notes: [],
  };
};

const urlOf = (b: { fileUrl?: string; imageUrl?: string; imageURL?: string }) =>
  (b.fileUrl ?? b.imageUrl ?? b.imageURL)!;

export const scannerHandlers = {
  /** National registration: the production and sandbox shapes differ on purpose (documented). */
  async extractRegistrationDocument({ input, caller }) {
    const url = urlOf(input.body);
    const vehicle = { vin: documentVin(url), make: "Volkswagen", model: "Golf" };
    const data = {
      registrationNumber: `K-${seedOf("plate", url).readUInt16BE(0) % 9000} AB`,
      firstRegistration: "2019-03-14",
      holder: { name: "Erika Mustermann" },
    };
    return caller.environment === "sandbox"
      ? { status: 200, data: { status: "ok", data, vehicle } }
      : { status: 200, data: { status: "ok", data: { ...data, vehicle } } };
  },

  async extractInternationalRegistrationDocument({ input }) {
    const url = urlOf(input.body);
    const vin = documentVin(url);
    return ok({
      format: "service.vehicle-registration.v2" as const,
      document: { country: "FR", type: "certificat_immatriculation" },
      registration: { number: "AB-123-CD", firstRegistration: "2020-06-02" },
      holder: { name: "Jean Dupont" },
      inspection: { nextDue: "2027-06-01" },
      vehicle: { vin },
      fields: [
        {
          code: "vin",
          sourceCode: "E",
          name: "Vehicle identification number",
          value: vin,
          sourceValue: vin,
        },
        {
          code: "first_registration",
          sourceCode: "B",
          name: "First registration",
          value: "2020-06-02",
          sourceValue: "02/06/2020",
        },
      ],
      warnings: vin
        ? []
        : [
            {
              code: "vin_unreadable" satisfies WarningCode,
              message: "The VIN field could not be read.",
            },
          ],
    });
  },

  async extractCalculationDocument({ input }) {
    return ok({ ...calculationBlocks(input.body.fileUrl), equipment: [] });
  },

  /** The deprecated extract path keeps the previous 11 fields, without `equipment`. */
  async extractDocument({ input }) {
    return ok(calculationBlocks(input.body.fileUrl));
  },

  async extractVehicleDocument({ input }) {
    const vin = documentVin(input.body.fileUrl);
    return ok({
      schemaVersion: "1.0" as const,
      document: { type: "vehicle_data_sheet", pages: 2 },
      vehicle: { vin },
      equipment: [
        {
          equipmentKind: "standard" as const,
          availability: "fitted",
          codes: [{ value: "0001", normalizedValue: "1" }],
          sourceSection: "Serienausstattung",
          sourcePage: 1,
        },
        {
          equipmentKind: "special" as const,
          availability: "fitted",
          codes: [{ value: "7X2", normalizedValue: null }],
          sourceSection: "Sonderausstattung",
          sourcePage: 2,
        },
        {
          equipmentKind: null,
          availability: "unknown",
          codes: [{ value: "PR-4KC", normalizedValue: "4KC" }],
          sourceSection: "Other",
          sourcePage: 2,
        },
      ],
      sensitiveData: input.body.includeSensitiveData
        ? { holder: { name: "Erika Mustermann", address: "Beispielweg 1, 50667 Köln" } }
        : null,
      warnings: input.body.includeSensitiveData
        ? []
        : [{ code: "sensitive_data_omitted" satisfies WarningCode }],
    });
  },

  async extractLabelText({ input }) {
    const has = !input.body.imageUrl.toLowerCase().includes("blank");
    return ok({ hasPartNumber: has, where: has ? "upper left, below the barcode" : null });
  },

  async extractLabelPartNumbers({ input }) {
    const blank = input.body.imageUrl.toLowerCase().includes("blank");
    return ok({ partNumbers: blank ? [] : ["1K0615301AA", "24.0125-0157.1"] });
  },

  /** Fields not detected are omitted, not null. */
  async extractLabelDetails({ input }) {
    const blank = input.body.imageUrl.toLowerCase().includes("blank");
    return ok({
      status: "ok",
      data: blank ? {} : { primaryPartNumber: "1K0615301AA", otherPartNumbers: ["24.0125-0157.1"] },
    });
  },

  /** A full VIN or `null`: never a guessed or incomplete value. */
  async extractVinFromImage({ input }) {
    return ok({ vin: documentVin(input.body.imageUrl) });
  },
} satisfies HandlerMap;
