import { ApiError, ok } from "../../core";
import { type LiveAvailabilityReason } from "@/lib/api/contract/warnings";
import { type HandlerMap } from "../../context";
import {
  type CatalogPart,
  normalizeOe,
  PARTS,
  partsByNormalized,
  SEO_TEST_NUMBERS,
} from "../../data/parts-catalog";
import { type PriceCurrency } from "@/lib/api/contract/parts";
import { pageOf } from "../paging";

const NORMALIZATION_VERSION = "oe-norm-2026.11";
const ALLOWED_INPUT = /^[A-Za-z0-9 .\-/]+$/;

type Normalized =
  | { status: "invalid"; key: null; reasons: string[] }
  | { status: "unresolved"; key: string; reasons: string[] }
  | { status: "ambiguous"; key: string; matches: CatalogPart[]; reasons: string[] }
  | { status: "matched"; key: string; part: CatalogPart; reasons: string[] };

function normalize(input: string, manufacturer?: string): Normalized {
  if (!ALLOWED_INPUT.test(input))
    return {
      status: "invalid",
      key: null,
      reasons: [
        "contains characters other than letters, digits, spaces, dots, hyphens and slashes",
      ],
    };
  const key = normalizeOe(input);
  if (key.length < 4 || key.length > 24)
    return { status: "invalid", key: null, reasons: ["must have 4 to 24 letters or digits"] };
  const matches = partsByNormalized(key, manufacturer);
  if (matches.length === 1) return { status: "matched", key, part: matches[0]!, reasons: [] };
  if (matches.length > 1)
    return {
      status: "ambiguous",
      key,
      matches,
      reasons: ["several manufacturers use this number; add manufacturer"],
    };
  return { status: "unresolved", key, reasons: ["no confirmed OE number matches"] };
}

function confirmedPart(oeNumber: string, manufacturer?: string): CatalogPart {
  const n = normalize(oeNumber, manufacturer);
  if (n.status === "matched") return n.part;
  if (n.status === "ambiguous") {
    throw new ApiError(
      "oe_number_ambiguous",
      `${oeNumber} matches several base parts; send manufacturer.`,
      {
        candidates: n.matches.map((m) => ({
          value: normalizeOe(m.number),
          manufacturer: m.manufacturer,
        })),
      },
    );
  }
  throw new ApiError("oe_part_not_found", `No confirmed base part matches ${oeNumber}.`);
}

// Looked up by request input: `Map`s, so only these names find anything.
const MARKET_LANGUAGE = new Map<string, string>([
  ["MARKET_AT", "de"],
  ["MARKET_CH", "de"],
  ["MARKET_DE", "de"],
  ["MARKET_AU", "en"],
  ["MARKET_CA", "en"],
  ["MARKET_GB", "en"],
  ["MARKET_HK", "en"],
  ["MARKET_IE", "en"],
  ["MARKET_SG", "en"],
  ["MARKET_US", "en"],
  ["MARKET_BE", "fr"],
  ["MARKET_FR", "fr"],
  ["MARKET_ES", "es"],
  ["MARKET_IT", "it"],
  ["MARKET_NL", "nl"],
  ["MARKET_PL", "pl"],
]);
/** Each price currency's factor from EUR (synthetic, fixed). */
const CURRENCY_FACTORS: Record<PriceCurrency, number> = {
  EUR: 1,
  CHF: 0.94,
  GBP: 0.85,
  USD: 1.08,
  PLN: 4.3,
};

const clip = (s: string, max: number) =>
  s.length <= max ? s : s.slice(0, max - 1).trimEnd() + "…";
const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

export const partsHandlers = {
  async normalizeOeNumber({ input }) {
    const { oeNumber, manufacturer } = input.query;
    const n = normalize(oeNumber, manufacturer);
    const matched = n.status === "matched" ? n.part : undefined;
    const near = n.key
      ? PARTS.filter(
          (p) =>
            normalizeOe(p.number).startsWith(n.key.slice(0, 5)) && normalizeOe(p.number) !== n.key,
        )
      : [];
    const candidates = n.status === "ambiguous" ? n.matches : near;
    return ok({
      input: oeNumber,
      status: n.status,
      valid: n.status !== "invalid",
      reasons: n.reasons,
      lookupKey: n.key,
      normalizedOeNumber: matched ? normalizeOe(matched.number) : null,
      equivalentOeNumbers: matched
        ? [...new Set(matched.replacementChain.flatMap((e) => [e.from, e.to]))].filter(
            (x) => x !== n.key,
          )
        : [],
      knownCandidates: candidates.map((c) => ({
        value: normalizeOe(c.number),
        manufacturer: c.manufacturer,
      })),
      version: NORMALIZATION_VERSION,
      matchRule: matched ? "exact_normalized" : null,
      confidence: matched ? 1 : n.status === "ambiguous" ? 0.5 : null,
      replacementFamily: matched
        ? {
            current: matched.replacementChain.at(-1)?.to ?? normalizeOe(matched.number),
            chain: matched.replacementChain,
          }
        : null,
    });
  },

  async getOePart({ input }) {
    const part = confirmedPart(input.params.oeNumber, input.query.manufacturer);
    const normalized = normalizeOe(part.number);
    const chainNumbers = part.replacementChain.flatMap((e) => [e.from, e.to]);
    return ok({
      oeNumber: input.params.oeNumber,
      normalizedOeNumber: normalized,
      svcGenArt: part.svcGenArt,
      vdi: part.vdi,
      part: {
        number: part.number,
        manufacturer: part.manufacturer,
        name: part.name.en,
        listPrice:
          part.listPriceMinor === null
            ? null
            : { amountMinor: part.listPriceMinor, currency: "EUR" },
      },
      fitment: part.fitment,
      replacementChain: part.replacementChain,
      references: part.references,
      referenceNumbers: { oe_oem_reference_numbers: [...new Set([normalized, ...chainNumbers])] },
    });
  },

  async getOeAftermarketReferences({ input }) {
    // The submitted string is used as given: only an exact normalized number finds references.
    const submitted = input.params.oeNumber;
    const part = PARTS.find((p) => normalizeOe(p.number) === submitted);
    const all = part
      ? Array.from({ length: part.aftermarketCount }, (_, i) => {
          const brand =
            part.references[i % Math.max(1, part.references.length)]?.manufacturer ?? "GENERIC";
          return {
            manufacturer: brand,
            number: `${brand.slice(0, 3)}-${submitted.slice(-4)}-${String(i + 1).padStart(3, "0")}`,
            relation: "equivalent",
          };
        })
      : [];
    const { slice, page: info } = pageOf(all, input.query.limit, input.query.offset);
    return ok({ oeNumber: submitted, aftermarketReferences: slice, count: all.length, page: info });
  },

  async getOePrice({ input }) {
    const part = confirmedPart(input.params.oeNumber);
    const currency = input.query.currency ?? "EUR";
    const factor = CURRENCY_FACTORS[currency];
    const base = (part.listPriceMinor ?? 5000) * factor;
    const vehicleType = input.query.vehicleType ?? "car";
    const condition = input.query.condition ?? "used";
    const range = (low: number, mid: number, high: number) => ({
      lowMinor: Math.round(base * low),
      medianMinor: Math.round(base * mid),
      highMinor: Math.round(base * high),
    });
    const ranges = { new: range(0.85, 1, 1.2), used: range(0.3, 0.45, 0.6) };
    return ok({
      oeNumber: input.params.oeNumber,
      currency,
      vehicleType,
      ranges,
      priceRecommendation: {
        condition,
        amountMinor: ranges[condition].medianMinor,
        confidence: part.aftermarketCount > 10 ? "medium" : "low",
      },
      listingCount: part.aftermarketCount * 3,
      parameters: { condition, currency, vehicleType },
      disclaimer: "Indicative evaluation from synthetic data; not a binding price statement.",
    });
  },

  async getPartSeo({ input, now }) {
    const { oeNumber } = input.params;
    const marketplaceId = input.query.marketplaceId;
    const language =
      input.query.language ??
      (MARKET_LANGUAGE.get(marketplaceId) as typeof input.query.language & string);
    const vehicleType = input.query.vehicleType ?? "car";
    const key = normalizeOe(oeNumber);
    if (key === SEO_TEST_NUMBERS.paused) {
      const availableAt = new Date(now.getTime() + 60_000).toISOString();
      throw new ApiError(
        "seo_live_requests_paused",
        "Live marketplace enrichment is paused; retry after X-Service-Live-Available-At.",
        {
          liveAvailability: {
            status: "paused",
            reason: "live_enrichment_paused" satisfies LiveAvailabilityReason,
            availableAt,
            retryAfterSeconds: 60,
          },
        },
        { "X-Service-Live-Available-At": availableAt, "Retry-After": "60" },
      );
    }
    if (key === SEO_TEST_NUMBERS.unavailable) {
      throw new ApiError(
        "seo_service_unavailable",
        "Marketplace content generation is temporarily unavailable.",
        {},
        { "Retry-After": "5" },
      );
    }
    const [part] = partsByNormalized(key);
    const names = part?.name as Record<string, string> | undefined;
    const name = names && Object.hasOwn(names, language) ? names[language] : undefined;
    if (!part || vehicleType !== "car" || !part.seoLanguages.includes(language) || !name) {
      throw new ApiError(
        "seo_no_exact_match",
        "No exact marketplace article matches this part, marketplace, language and vehicle type.",
        {
          oeNumber,
          marketplaceId,
          language,
          vehicleType,
        },
      );
    }
    const title = `${part.manufacturer} ${name} ${part.number}`;
    return ok({
      oeNumber,
      marketplaceId,
      language,
      vehicleType,
      categoryId: part.categoryId,
      product: {
        manufacturer: part.manufacturer,
        name,
        nameAddition: part.fitment[0]?.criteria[0] ?? null,
      },
      content: {
        marketTitle: clip(`${title} OE`, 80),
        title: clip(title, 80),
        h1: clip(`${name} ${part.number}`, 80),
        metaTitle: clip(`${name} ${part.number}`, 60),
        metaDescription: clip(
          `${name} (${part.manufacturer} ${part.number}). Check fitment against your vehicle before buying.`,
          160,
        ),
        slug: slugify(`${part.manufacturer} ${name} ${part.number}`),
        bulletPoints: [
          `OE number ${part.number}`,
          `Manufacturer ${part.manufacturer}`,
          ...part.fitment.flatMap((f) => f.criteria),
        ]
          .slice(0, 5)
          .map((b) => clip(b, 160)),
      },
      keywords: [name, part.number, normalizeOe(part.number), part.manufacturer],
      itemSpecifics: [
        { name: "Manufacturer part number", value: [part.number] },
        { name: "Brand", value: [part.manufacturer] },
      ],
      liveAvailability: {
        status: "paused",
        reason: "live_enrichment_paused" satisfies LiveAvailabilityReason,
        availableAt: null,
        retryAfterSeconds: null,
      },
    });
  },
} satisfies HandlerMap;
