import { z } from "zod";
import {
  boundedText,
  currencyCode,
  minorUnits,
  pageInfo,
  paginationQuery,
  svcGenArt,
  vdiFullCode,
} from "./common";

export const oeNumberText = boundedText(64);
export const oeNumberPath = z.strictObject({
  oeNumber: oeNumberText.describe("OE number, as printed or normalized."),
});

// --- Normalization ---------------------------------------------------------------------------

/** Tells apart parts of several manufacturers that share one number. */
const manufacturerQuery = z
  .string()
  .max(100)
  .optional()
  .describe("Manufacturer of the part; needed where several share the number.");
export const normalizeQuery = z.strictObject({
  oeNumber: oeNumberText.describe("OE number to normalize, as printed."),
  manufacturer: manufacturerQuery,
});
export const normalizationStatus = z.enum(["matched", "unresolved", "ambiguous", "invalid"]);
export const normalizationResponse = z
  .looseObject({
    input: z.string(),
    status: normalizationStatus,
    valid: z.boolean(),
    reasons: z.array(z.string()),
    lookupKey: z.string().nullable(),
    normalizedOeNumber: z.string().nullable(),
    equivalentOeNumbers: z.array(z.string()),
    knownCandidates: z.array(
      z.looseObject({ value: z.string(), manufacturer: z.string().optional() }),
    ),
    version: z.string(),
    matchRule: z.string().nullable(),
    confidence: z.number().min(0).max(1).nullable(),
    /** The matched number's supersession: the current number and the chain leading to it. */
    replacementFamily: z
      .looseObject({
        current: z.string(),
        chain: z.array(z.looseObject({ from: z.string(), to: z.string() })),
      })
      .nullable()
      .optional(),
  })
  .refine((r) => r.status === "matched" || r.normalizedOeNumber === null, {
    message: "normalizedOeNumber is null unless status is matched",
    path: ["normalizedOeNumber"],
  });
export type NormalizationResponse = z.infer<typeof normalizationResponse>;

// --- Confirmed base part (closed) ------------------------------------------------------------

export const oePartQuery = z.strictObject({ manufacturer: manufacturerQuery });
export const basePartResponse = z.strictObject({
  oeNumber: z.string(),
  normalizedOeNumber: z.string(),
  svcGenArt: svcGenArt.nullable(),
  vdi: z.array(vdiFullCode),
  part: z.strictObject({
    number: z.string(),
    manufacturer: z.string().nullable(),
    name: z.string().nullable(),
    listPrice: z.strictObject({ amountMinor: z.number().int(), currency: currencyCode }).nullable(),
  }),
  fitment: z.array(z.strictObject({ vehicleTypeKey: z.string(), criteria: z.array(z.string()) })),
  replacementChain: z.array(z.strictObject({ from: z.string(), to: z.string() })),
  references: z.array(
    z.strictObject({ manufacturer: z.string(), numbers: z.array(z.string()).min(1) }),
  ),
  referenceNumbers: z.strictObject({ oe_oem_reference_numbers: z.array(z.string()) }),
});
export type BasePartResponse = z.infer<typeof basePartResponse>;

// --- Aftermarket references ------------------------------------------------------------------

export const aftermarketPath = z.strictObject({
  oeNumber: oeNumberText.describe("OE number, used exactly as sent (not normalized)."),
});
export const aftermarketQuery = paginationQuery;
/** Fields of a reference item are not shown: these are the reference service's, optional. */
export const aftermarketResponse = z.looseObject({
  oeNumber: z.string(),
  aftermarketReferences: z.array(
    z.looseObject({
      manufacturer: z.string().optional(),
      number: z.string().optional(),
      relation: z.string().optional().describe("e.g. `equivalent`"),
    }),
  ),
  count: z.number().int().min(0),
  page: pageInfo,
});

// --- Indicative price ------------------------------------------------------------------------

export const vehicleType = z.enum(["car", "motorcycle"]);
/** The condition of a part priced or evaluated (Intelligence knows more conditions). */
export const partCondition = z.enum(["new", "used"]);
/** The currencies the reference service prices in (the interface leaves the list to the service). */
export const PRICE_CURRENCIES = ["EUR", "CHF", "GBP", "USD", "PLN"] as const;
export type PriceCurrency = (typeof PRICE_CURRENCIES)[number];
export const priceQuery = z.strictObject({
  condition: partCondition
    .optional()
    .describe("Condition the recommendation is for (`used` if not given)."),
  currency: z
    .enum(PRICE_CURRENCIES)
    .optional()
    .describe("The answer's currency (EUR when not given)."),
  vehicleType: vehicleType.optional().describe("`car` or `motorcycle` (`car` if not given)."),
});
/** A price range in minor units of the answer's `currency`. */
const priceRange = z.looseObject({
  lowMinor: minorUnits.optional(),
  medianMinor: minorUnits.optional(),
  highMinor: minorUnits.optional(),
});
/** Exact nested field names are not shown: these are the reference service's, optional. */
export const priceResponse = z.looseObject({
  oeNumber: z.string().optional(),
  currency: currencyCode,
  vehicleType: vehicleType.optional(),
  ranges: z.looseObject({ new: priceRange.optional(), used: priceRange.optional() }).optional(),
  priceRecommendation: z.looseObject({
    condition: partCondition.optional(),
    amountMinor: minorUnits.optional(),
    confidence: z.string().describe("e.g. `low`, `medium`"),
  }),
  listingCount: z.number().int().min(0).optional(),
  parameters: z
    .looseObject({
      condition: partCondition.optional(),
      currency: currencyCode.optional(),
      vehicleType: vehicleType.optional(),
    })
    .optional()
    .describe("Echo of the request, defaults filled in"),
  disclaimer: z.string().optional(),
});

// --- Marketplace article (closed) ------------------------------------------------------------

export const MARKETPLACE_IDS = [
  "MARKET_AT",
  "MARKET_AU",
  "MARKET_BE",
  "MARKET_CA",
  "MARKET_CH",
  "MARKET_DE",
  "MARKET_ES",
  "MARKET_FR",
  "MARKET_GB",
  "MARKET_HK",
  "MARKET_IE",
  "MARKET_IT",
  "MARKET_NL",
  "MARKET_PL",
  "MARKET_SG",
  "MARKET_US",
] as const;
export const marketplaceId = z.enum(MARKETPLACE_IDS);
export const seoLanguage = z.enum(["de", "en", "fr", "es", "it", "nl", "pl", "zh"]);
export const seoQuery = z.strictObject({
  marketplaceId: marketplaceId.default("MARKET_DE").describe("Marketplace of the article."),
  language: seoLanguage
    .optional()
    .describe("Language of the article (the marketplace's language if not given)."),
  vehicleType: vehicleType.optional().describe("`car` or `motorcycle` (`car` if not given)."),
});
export const liveAvailability = z.strictObject({
  status: z.string(),
  reason: z.string(),
  availableAt: z.iso.datetime({ offset: true }).nullable(),
  retryAfterSeconds: z.number().int().min(0).nullable(),
});
export const seoResponse = z.strictObject({
  oeNumber: z.string(),
  marketplaceId,
  language: seoLanguage,
  vehicleType,
  categoryId: z.string().nullable(),
  product: z.strictObject({
    manufacturer: z.string().nullable(),
    name: z.string(),
    nameAddition: z.string().nullable(),
  }),
  content: z.strictObject({
    marketTitle: z.string().max(80),
    title: z.string().max(80),
    h1: z.string().max(80),
    metaTitle: z.string().max(60),
    metaDescription: z.string().max(160),
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    bulletPoints: z.array(z.string().max(160)).max(5),
  }),
  keywords: z.array(z.string()),
  itemSpecifics: z.array(z.strictObject({ name: z.string(), value: z.array(z.string()) })),
  liveAvailability: liveAvailability.optional(),
});
export type SeoResponse = z.infer<typeof seoResponse>;
