/**
 * Synthetic OE catalogue of the reference service. Documented in docs/test-data.md: each entry
 * exists to produce one documented behaviour (match, ambiguity, replacement chain, `vdi=[]`,
 * `svcGenArt=null`, no marketplace article…). Identifiers are opaque: none is derived from another.
 */
export interface CatalogPart {
  number: string;
  manufacturer: string;
  name: { de: string; en: string; fr: string; es: string; it: string };
  svcGenArt: string | null;
  vdi: string[];
  listPriceMinor: number | null;
  fitment: { vehicleTypeKey: string; criteria: string[] }[];
  replacementChain: { from: string; to: string }[];
  references: { manufacturer: string; numbers: string[] }[];
  aftermarketCount: number;
  categoryId: string | null;
  /** Marketplace articles exist only for these languages. */
  seoLanguages: string[];
}

export const normalizeOe = (input: string) => input.toUpperCase().replace(/[\s.\-/]/g, "");

// One part a line: a table of synthetic data.
// prettier-ignore
export const PARTS: CatalogPart[] = [
  { number: "1K0 615 301 AA", manufacturer: "VW", name: { de: "Bremsscheibe", en: "Brake disc", fr: "Disque de frein", es: "Disco de freno", it: "Disco freno" }, svcGenArt: "SGA-000082", vdi: ["VDI4081_3410_1"], listPriceMinor: 6450, fitment: [{ vehicleTypeKey: "vt-8f1c2a", criteria: ["Front axle", "Disc diameter 312 mm", "Ventilated"] }, { vehicleTypeKey: "vt-33b90e", criteria: ["Front axle", "From model year 2008"] }], replacementChain: [{ from: "1K0615301AA", to: "5Q0615301F" }], references: [{ manufacturer: "ATE", numbers: ["24.0125-0157.1"] }, { manufacturer: "BREMBO", numbers: ["09.A428.11", "09.A428.1X"] }], aftermarketCount: 37, categoryId: "seo-cat-3410", seoLanguages: ["de", "en", "fr", "es", "it", "nl", "pl"] },
  { number: "5Q0 615 301 F", manufacturer: "VW", name: { de: "Bremsscheibe", en: "Brake disc", fr: "Disque de frein", es: "Disco de freno", it: "Disco freno" }, svcGenArt: "SGA-000082", vdi: ["VDI4081_3410_1"], listPriceMinor: 7290, fitment: [{ vehicleTypeKey: "vt-a74d11", criteria: ["Front axle", "Disc diameter 340 mm"] }], replacementChain: [{ from: "1K0615301AA", to: "5Q0615301F" }], references: [{ manufacturer: "ATE", numbers: ["24.0130-0211.1"] }], aftermarketCount: 12, categoryId: "seo-cat-3410", seoLanguages: ["de", "en"] },
  { number: "03L 115 562", manufacturer: "VW", name: { de: "Ölfilter", en: "Oil filter", fr: "Filtre à huile", es: "Filtro de aceite", it: "Filtro olio" }, svcGenArt: "SGA-000007", vdi: ["VDI4081_1810"], listPriceMinor: 1290, fitment: [{ vehicleTypeKey: "vt-5c0e77", criteria: ["2.0 TDI", "Engine code CFFB"] }], replacementChain: [], references: [{ manufacturer: "MANN-FILTER", numbers: ["HU 7008 z"] }], aftermarketCount: 3, categoryId: "seo-cat-1810", seoLanguages: ["de", "en", "fr"] },
  { number: "7700 500 168", manufacturer: "RENAULT", name: { de: "Zahnriemensatz", en: "Timing belt kit", fr: "Kit de distribution", es: "Kit de distribución", it: "Kit distribuzione" }, svcGenArt: "SGA-000306", vdi: ["VDI4081_1320_2"], listPriceMinor: 15900, fitment: [{ vehicleTypeKey: "vt-0d3f45", criteria: ["1.9 dCi"] }], replacementChain: [], references: [{ manufacturer: "CONTITECH", numbers: ["CT1035K1"] }], aftermarketCount: 5, categoryId: null, seoLanguages: ["fr"] },
  { number: "7700 500 168", manufacturer: "NISSAN", name: { de: "Wasserpumpe", en: "Water pump", fr: "Pompe à eau", es: "Bomba de agua", it: "Pompa acqua" }, svcGenArt: "SGA-000145", vdi: ["VDI4081_2010"], listPriceMinor: 8450, fitment: [], replacementChain: [], references: [{ manufacturer: "SKF", numbers: ["VKPC 86416"] }], aftermarketCount: 0, categoryId: null, seoLanguages: [] },
  { number: "34 11 6 858 652", manufacturer: "BMW", name: { de: "Bremsbelagsatz", en: "Brake pad set", fr: "Jeu de plaquettes de frein", es: "Juego de pastillas de freno", it: "Kit pastiglie freno" }, svcGenArt: "SGA-000105", vdi: [], listPriceMinor: 11900, fitment: [{ vehicleTypeKey: "vt-bb0192", criteria: ["Front axle"] }], replacementChain: [], references: [{ manufacturer: "TEXTAR", numbers: ["2530701"] }], aftermarketCount: 8, categoryId: "seo-cat-3420", seoLanguages: ["de", "en"] },
  { number: "A 000 989 26 03", manufacturer: "MERCEDES-BENZ", name: { de: "Motoröl", en: "Engine oil", fr: "Huile moteur", es: "Aceite de motor", it: "Olio motore" }, svcGenArt: null, vdi: [], listPriceMinor: null, fitment: [], replacementChain: [], references: [], aftermarketCount: 0, categoryId: null, seoLanguages: [] },
  { number: "6Q0 407 151 L", manufacturer: "VW", name: { de: "Querlenker", en: "Control arm", fr: "Bras de suspension", es: "Brazo de suspensión", it: "Braccio oscillante" }, svcGenArt: "SGA-000273", vdi: ["VDI4081_3310_4"], listPriceMinor: 9800, fitment: [{ vehicleTypeKey: "vt-47aa02", criteria: ["Front axle left", "Lower"] }], replacementChain: [], references: [{ manufacturer: "LEMFÖRDER", numbers: ["29784 01"] }], aftermarketCount: 14, categoryId: "seo-cat-3310", seoLanguages: ["de", "en", "it"] },
  { number: "1J0 698 151", manufacturer: "VW", name: { de: "Bremsbelagsatz", en: "Brake pad set", fr: "Jeu de plaquettes de frein", es: "Juego de pastillas de freno", it: "Kit pastiglie freno" }, svcGenArt: "SGA-000105", vdi: ["VDI4081_3420_2"], listPriceMinor: 5400, fitment: [{ vehicleTypeKey: "vt-8f1c2a", criteria: ["Front axle"] }], replacementChain: [], references: [{ manufacturer: "ATE", numbers: ["13.0460-7108.2"] }], aftermarketCount: 22, categoryId: "seo-cat-3420", seoLanguages: ["de", "en", "fr", "es"] },
];

/** OE numbers that make the marketplace-article operation answer its documented failures. */
export const SEO_TEST_NUMBERS = { paused: "SEOPAUSED1", unavailable: "SEOUNAVAILABLE1" } as const;

export function partsByNormalized(normalized: string, manufacturer?: string): CatalogPart[] {
  return PARTS.filter(
    (p) =>
      normalizeOe(p.number) === normalized &&
      (!manufacturer || p.manufacturer.toLowerCase() === manufacturer.trim().toLowerCase()),
  );
}

/** Designations the translation operation knows, by language. */
export const DESIGNATIONS = [
  ...new Map(PARTS.map((p) => [p.name.en, p.name])).values(),
  {
    de: "Luftfilter",
    en: "Air filter",
    fr: "Filtre à air",
    es: "Filtro de aire",
    it: "Filtro aria",
  },
  { de: "Zündkerze", en: "Spark plug", fr: "Bougie d'allumage", es: "Bujía", it: "Candela" },
  {
    de: "Stoßdämpfer",
    en: "Shock absorber",
    fr: "Amortisseur",
    es: "Amortiguador",
    it: "Ammortizzatore",
  },
  {
    de: "Kupplungssatz",
    en: "Clutch kit",
    fr: "Kit d'embrayage",
    es: "Kit de embrague",
    it: "Kit frizione",
  },
  { de: "Lichtmaschine", en: "Alternator", fr: "Alternateur", es: "Alternador", it: "Alternatore" },
  {
    de: "Anlasser",
    en: "Starter motor",
    fr: "Démarreur",
    es: "Motor de arranque",
    it: "Motorino di avviamento",
  },
  { de: "Scheinwerfer", en: "Headlight", fr: "Phare", es: "Faro", it: "Faro" },
  {
    de: "Außenspiegel",
    en: "Exterior mirror",
    fr: "Rétroviseur extérieur",
    es: "Retrovisor exterior",
    it: "Specchietto esterno",
  },
  {
    de: "Katalysator",
    en: "Catalytic converter",
    fr: "Catalyseur",
    es: "Catalizador",
    it: "Catalizzatore",
  },
  { de: "Kühler", en: "Radiator", fr: "Radiateur", es: "Radiador", it: "Radiatore" },
];

/** VDI 4081 main groups and base codes (synthetic stand). */
export const VDI_STAND = "2026-10";
export const VDI_MAIN_GROUPS = [
  { code: "VDI4081_1000", name: "Engine" },
  { code: "VDI4081_1800", name: "Filters" },
  { code: "VDI4081_2000", name: "Cooling" },
  { code: "VDI4081_3300", name: "Suspension" },
  { code: "VDI4081_3400", name: "Brakes" },
  { code: "VDI4081_5000", name: "Body" },
  { code: "VDI4081_6000", name: "Electrics" },
];
export const VDI_ENTRIES = VDI_MAIN_GROUPS.flatMap((group, g) =>
  Array.from({ length: 18 + g * 3 }, (_, i) => ({
    code: `VDI4081_${Number(group.code.slice(8)) + (i + 1) * 10}`,
    mainGroup: group.code,
    name: `${group.name} component ${i + 1}`,
  })),
);
