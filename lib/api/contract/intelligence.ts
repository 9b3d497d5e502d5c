import { z } from "zod";
import { countryCode, currencyCode, fullVin, isoDateTime, oneOfRequired, uuid } from "./common";

/*
 * Market intelligence (allowlisted pilot). ClusterIntelligenceResponse is closed with every field
 * required; blocks whose field requirements the interface does not show stay open.
 */

export const condition = z.enum(["new", "remanufactured", "used", "unknown"]);
export const freshnessPolicy = z.enum(["allow_stale", "refresh_if_stale", "require_fresh"]);
export const minimumEvidence = z.enum(["any", "directional", "usable", "strong"]);
const score0to100 = z.number().min(0).max(100);

/** The intelligence requests' bounds, which the console's forms read too. */
export const INTELLIGENCE_BOUNDS = {
  /** Days of evidence a market scope covers. */
  windowDays: { min: 1, max: 730 },
  /** Candidates a VIN evaluation weighs. */
  maxCandidates: { min: 1, max: 100 },
  /** An OE or aftermarket number's characters. */
  partNumber: 64,
  /** A manufacturer's name's characters. */
  manufacturer: 100,
} as const;
const B = INTELLIGENCE_BOUNDS;

export const marketScope = z.strictObject({
  marketCountry: countryCode,
  currency: currencyCode,
  condition,
  windowDays: z.number().int().min(B.windowDays.min).max(B.windowDays.max),
});

const identifier = z.strictObject({
  scheme: z.enum(["oe", "aftermarket", "mpn", "gtin"]),
  value: z.string(),
  manufacturer: z.string().nullable(),
  role: z.enum(["canonical", "current_oe", "superseded_oe", "equivalent", "aftermarket"]),
  confidence: score0to100,
});
const uniqueArray = <T extends z.ZodType>(item: T) =>
  z.array(item).refine((a) => new Set(a).size === a.length, { message: "values must be unique" });

export const cluster = z.strictObject({
  clusterId: uuid,
  clusterVersion: z.number().int().min(1),
  canonicalLabel: z.string(),
  identityConfidence: score0to100,
  identifiers: z.array(identifier),
  dimensions: z.strictObject({
    kTypes: uniqueArray(z.number().int().min(1)),
    natCodes: uniqueArray(z.string()),
    genArts: uniqueArray(z.string()),
  }),
});

export const priceSummary = z.looseObject({
  currency: currencyCode,
  priceBasis: z.string(),
  sampleSize: z.number().int().min(0),
  p10Minor: z.number().int(),
  p25Minor: z.number().int(),
  p50Minor: z.number().int(),
  p75Minor: z.number().int(),
  p90Minor: z.number().int(),
});

const count = z.number().int().nullable().optional();
const figure = z.number().nullable().optional();
const moment = isoDateTime.nullable().optional();

/** One kind of evidence: its class, whether there is any, its own figures, and their quality. */
const evidenceKind = <S extends z.ZodRawShape>(figures: S) =>
  z.looseObject({
    evidenceClass: z.string().optional(),
    available: z.boolean().optional(),
    ...figures,
    qualityScore: figure,
  });

export const evidence = z.looseObject({
  observedSupply: evidenceKind({
    activeListingCount: count,
    distinctSellerCount: count,
    observationDayCount: count,
    sourceCount: count,
    askingPrice: priceSummary.nullable().optional(),
    latestObservedAt: moment,
  }),
  verifiedSales: evidenceKind({
    verifiedSaleCount: count,
    effectiveSampleSize: figure,
    distinctContributorCount: count,
    observationDayCount: count,
    matureCohortCount: count,
    realizedPrice: priceSummary.nullable().optional(),
    refundRate: z.number().min(0).max(1).nullable().optional(),
    latestSoldAt: moment,
  }),
  internalUsage: evidenceKind({
    eventCount: count,
    weightedEventCount: figure,
    distinctAccountCount: count,
    latestEventAt: moment,
  }),
});

/** A score's or a factor's confidence, 0 to 100; `null` when it has no evidence. */
const scoreConfidence = score0to100.nullable();
const basicScore = z.looseObject({
  value: score0to100.nullable(),
  confidence: scoreConfidence,
  status: z.string(),
  explanation: z.string(),
});
const factorName = z.enum([
  "demand",
  "liquidity",
  "risk_adjusted_yield",
  "inverse_competition",
  "trend",
]);

export const scores = z.looseObject({
  demand: basicScore,
  liquidity: basicScore,
  competition: basicScore,
  priceConfidence: basicScore,
  opportunity: z.looseObject({
    value: score0to100.nullable(),
    posteriorMean: z.number().nullable(),
    interval: z.looseObject({
      low: z.number().nullable(),
      high: z.number().nullable(),
      calibrated: z.boolean(),
      method: z.string(),
    }),
    confidence: scoreConfidence,
    status: z.string(),
    factors: z.array(
      z.looseObject({
        name: factorName,
        value: z.number().nullable(),
        weight: z.number(),
        contribution: z.number().nullable(),
        confidence: scoreConfidence,
        evidence: z.string().describe("The evidence classes it rests on, e.g. `verified_sales`"),
      }),
    ),
    limitations: z.array(z.string()),
  }),
});

export const confidenceLevel = z.enum(["insufficient", "directional", "usable", "strong"]);
export const intelligenceConfidence = z.looseObject({
  value: score0to100.nullable(),
  level: confidenceLevel,
  publishable: z.boolean(),
  effectiveSampleSize: z.number().nullable(),
  contributorCount: z.number().int().nullable(),
  observationDays: z.number().int().nullable(),
  identityConfidence: score0to100.nullable(),
  // Inner fields of caps and missing evidence are not shown: the reference service's, optional.
  caps: z.array(
    z.looseObject({
      code: z.string().optional(),
      maxLevel: confidenceLevel.optional().describe("The highest level the cap allows"),
      binding: z.boolean().optional().describe("Whether it lowered the level"),
      reason: z.string().optional(),
    }),
  ),
  missingEvidence: z.array(
    z.looseObject({
      evidenceClass: z.string().optional().describe("e.g. `observed_supply`, `verified_sales`"),
      reason: z.string().optional(),
    }),
  ),
});

export const provenance = z.looseObject({
  clusterVersion: z.number().int().min(1),
  clusteringModelVersion: z.string(),
  intelligenceModelVersion: z.string(),
  scoreVersion: z.string(),
  snapshotId: uuid,
  sourceCutoffs: z.looseObject({
    observedSupply: isoDateTime.nullable(),
    verifiedSales: isoDateTime.nullable(),
    internalUsage: isoDateTime.nullable(),
  }),
  restated: z.boolean(),
});

const probability = z.number().min(0).max(1);
export const standtime = z.looseObject({
  available: z.boolean(),
  status: z.string(),
  expectedDays: z.number().nullable().optional(),
  p50Days: z.number().nullable().optional(),
  p80Days: z.number().nullable().optional(),
  saleProbability: z
    .looseObject({ p30: probability, p60: probability, p90: probability })
    .nullable()
    .optional(),
  events: z.number().int().nullable().optional(),
  censored: z.number().int().nullable().optional(),
  method: z.string().nullable().optional(),
  confidence: score0to100.nullable().optional(),
});
export const trend = z.looseObject({
  available: z.boolean(),
  status: z.string(),
  direction: z.string().nullable().optional(),
  change30dPct: z.number().nullable().optional(),
  interval30dPct: z.looseObject({ low: z.number(), high: z.number() }).nullable().optional(),
  probabilityPositive: probability.nullable().optional(),
  timeBuckets: z.number().int().nullable().optional(),
  method: z.string().nullable().optional(),
  confidence: score0to100.nullable().optional(),
});

export const clusterIntelligenceResponse = z.strictObject({
  apiVersion: z.literal("market-intelligence-v1"),
  requestId: uuid,
  status: z.enum(["scored", "indicative", "insufficient_evidence"]),
  asOf: isoDateTime,
  validUntil: isoDateTime,
  scope: marketScope,
  cluster,
  evidence,
  prices: z.looseObject({
    marketPrice: z.looseObject({
      available: z.boolean(),
      amountMinor: z.number().int().nullable(),
      currency: currencyCode,
      priceBasis: z.string().nullable(),
      basis: z.string().nullable(),
    }),
    recommendedRange: z.looseObject({
      available: z.boolean(),
      publishable: z.boolean(),
      floorMinor: z.number().int().nullable(),
      targetMinor: z.number().int().nullable(),
      ceilingMinor: z.number().int().nullable(),
      currency: currencyCode,
      priceBasis: z.string().nullable(),
      basis: z.string().nullable(),
    }),
  }),
  standtime,
  trend,
  scores,
  confidence: intelligenceConfidence,
  provenance,
  warnings: z.array(z.looseObject({ code: z.string(), message: z.string() })),
});
export type ClusterIntelligenceResponse = z.infer<typeof clusterIntelligenceResponse>;

/** Market-scope query parameters: their exact names are not shown; these are the reference service's. */
const scopeQuery = {
  marketCountry: countryCode
    .optional()
    .describe("Market country of the scope, two capital letters (`DE` if not given)."),
  currency: currencyCode
    .optional()
    .describe("Currency of the scope, three capital letters (`EUR` if not given)."),
  condition: condition.optional().describe("Part condition of the scope (`used` if not given)."),
  windowDays: z.coerce
    .number()
    .int()
    .min(B.windowDays.min)
    .max(B.windowDays.max)
    .optional()
    .describe(
      `Days of evidence the scope covers, ${B.windowDays.min} to ${B.windowDays.max} (90 if not given).`,
    ),
};
const freshnessQuery = freshnessPolicy
  .optional()
  .describe(
    "`allow_stale`: a stale snapshot may answer; `refresh_if_stale` (the default): it is refreshed; `require_fresh`: always refreshed.",
  );
export const resolveIntelligenceQuery = oneOfRequired(
  z.strictObject({
    oeNumber: z.string().min(1).max(B.partNumber).optional().describe("OE number of the part."),
    aftermarketNumber: z
      .string()
      .min(1)
      .max(B.partNumber)
      .optional()
      .describe("Aftermarket number of the part."),
    manufacturer: z
      .string()
      .max(B.manufacturer)
      .optional()
      .describe("Manufacturer of the part; needed where several share the number."),
    kType: z.coerce
      .number()
      .int()
      .min(1)
      .optional()
      .describe("Vehicle type number the cluster must cover (`cluster_not_found` otherwise)."),
    natCode: z
      .string()
      .max(32)
      .optional()
      .describe("National vehicle code the cluster must cover (`cluster_not_found` otherwise)."),
    genArt: z
      .string()
      .max(32)
      .optional()
      .describe("Generic article the cluster must cover (`cluster_not_found` otherwise)."),
    ...scopeQuery,
    freshnessPolicy: freshnessQuery,
  }),
  ["oeNumber", "aftermarketNumber"],
  "send at least one of oeNumber and aftermarketNumber",
);
export const clusterPath = z.strictObject({
  clusterId: uuid.describe("Cluster identifier (uuid), as `cluster.clusterId` gives it."),
});
export const clusterIntelligenceQuery = z.strictObject({
  clusterVersion: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .describe("Expected current version of the cluster; another gives `cluster_not_found`."),
  ...scopeQuery,
  freshnessPolicy: freshnessQuery,
});
export const clusterHistoryQuery = z
  .strictObject({
    from: isoDateTime.describe("Start of the history (date-time)."),
    to: isoDateTime.describe(
      "End of the history (date-time): not before `from`, at most 730 days after.",
    ),
    ...scopeQuery,
  })
  .refine((q) => Date.parse(q.from) <= Date.parse(q.to), {
    message: "from must not be after to",
    path: ["to"],
  });
export const clusterHistoryPoint = z.looseObject({
  asOf: isoDateTime,
  clusterVersion: z.number().int().min(1),
  status: z.enum(["scored", "indicative", "insufficient_evidence"]).optional(),
  evidence,
  scores,
  confidence: intelligenceConfidence,
  provenance: provenance.partial().extend({ snapshotId: uuid }),
});
export type ClusterHistoryPoint = z.infer<typeof clusterHistoryPoint>;
export const clusterHistoryResponse = z.looseObject({
  clusterId: uuid,
  points: z.array(clusterHistoryPoint),
});
export type ClusterHistoryResponse = z.infer<typeof clusterHistoryResponse>;

/** VinEconomicScope: all fields required; `windowDays` is fixed at 90. */
export const vinEconomicScope = z.strictObject({
  marketCountry: countryCode,
  currency: currencyCode,
  condition,
  windowDays: z.literal(90),
  asOf: isoDateTime,
  minimumEvidence,
  freshnessPolicy,
  maxCandidates: z.number().int().min(B.maxCandidates.min).max(B.maxCandidates.max),
  includeInsufficientCandidates: z.boolean(),
});
export const vinEconomicIntelligenceRequest = vinEconomicScope.extend({ vin: fullVin });
/** Inner shapes of pipeline, portfolio and candidates are not shown; these are the reference service's. */
export const vinEconomicCandidate = z.looseObject({
  clusterId: uuid,
  clusterVersion: z.number().int().min(1),
  rank: z.number().int().min(1).optional(),
  oeNumber: z.string().optional(),
  label: z.string().optional(),
  status: z.enum(["scored", "indicative", "insufficient_evidence"]).optional(),
  included: z.boolean().optional(),
  exclusionReason: z.string().nullable().optional(),
  confidenceLevel: confidenceLevel.optional(),
  opportunityScore: score0to100.nullable().optional(),
  expectedPriceMinor: z.number().int().nullable().optional(),
  saleProbability90: probability.nullable().optional(),
  riskAdjustedValueMinor: z.number().int().nullable().optional(),
});
export type VinEconomicCandidate = z.infer<typeof vinEconomicCandidate>;
const stageCount = z.number().int().min(0).optional();
/** One stage of the evaluation, with the counts it reports. */
export const vinEconomicStage = z.looseObject({
  name: z.string().describe("e.g. `parts_enumeration`, `portfolio_construction`"),
  status: z.string(),
  items: stageCount,
  resolved: stageCount,
  unresolvedItems: stageCount,
  scored: stageCount,
  indicative: stageCount,
  insufficient: stageCount,
  included: stageCount,
  excluded: stageCount,
});
export const vinEconomicIntelligenceResult = z.looseObject({
  evaluationId: uuid,
  requestId: uuid,
  vin: fullVin.optional(),
  scope: vinEconomicScope.optional(),
  pipeline: z.looseObject({
    stages: z.array(vinEconomicStage).optional(),
    omittedInsufficientCandidates: z
      .array(
        z.looseObject({
          clusterId: uuid,
          clusterVersion: z.number().int().min(1),
          reason: z.string().optional(),
        }),
      )
      .optional()
      .describe("Insufficient candidates left out (`includeInsufficientCandidates=false`)"),
    completedAt: isoDateTime.optional(),
  }),
  // Risk-adjusted: expected price × P(sold within 90 days) × (1 − refund rate) × confidence.
  portfolio: z.looseObject({
    method: z.string().optional().describe("e.g. `risk_adjusted_expected_value`"),
    currency: currencyCode.optional(),
    includedCount: z.number().int().min(0).optional(),
    expectedRevenueMinor: z.number().int().optional(),
    riskAdjustedValueMinor: z.number().int().optional(),
    largestShare: probability
      .nullable()
      .optional()
      .describe("The largest candidate's share of the value; `null` when it is 0"),
  }),
  candidates: z.array(vinEconomicCandidate),
  confidence: z.looseObject({
    level: confidenceLevel.optional(),
    publishable: z.boolean().optional(),
    basis: z.string().optional().describe("e.g. `weakest_included_candidate`"),
    includedCount: z.number().int().min(0).optional(),
  }),
  provenance: z.looseObject({
    clusteringModelVersion: z.string().optional(),
    intelligenceModelVersion: z.string().optional(),
    scoreVersion: z.string().optional(),
    asOf: isoDateTime.optional(),
    snapshotIds: z.array(uuid).optional(),
    clusterVersions: z
      .record(uuid, z.number().int().min(1))
      .optional()
      .describe("Each candidate cluster's version, by `clusterId`"),
  }),
  warnings: z.array(z.looseObject({ code: z.string(), message: z.string() })),
});
export type VinEconomicIntelligenceResult = z.infer<typeof vinEconomicIntelligenceResult>;
