import { type WarningCode } from "@/lib/api/contract/warnings";
import { createHash } from "node:crypto";
import {
  type ClusterHistoryPoint,
  type ClusterIntelligenceResponse,
} from "@/lib/api/contract/intelligence";
import { type PilotGates } from "./pilot-gates";
import { type PartCluster, versionAt } from "./clusters";
import { SNAPSHOT_VALID_MS } from "./snapshots";

/**
 * The documented synthetic model of the pilot (docs/reference-service.md, "Intelligence model").
 * Evidence counts come from the cluster's profile, scaled to the scope's window; prices from the
 * part's list price, the condition, the market and a fixed exchange table; everything else
 * (confidence, scores, standtime, trend) is computed from those counts, so the figures agree with
 * each other. Observed listings are asking prices and never count as sales.
 */
export type Scope = ClusterIntelligenceResponse["scope"];
type Level = ClusterIntelligenceResponse["confidence"]["level"];
type Status = ClusterIntelligenceResponse["status"];

export const DEFAULT_SCOPE: Scope = {
  marketCountry: "DE",
  currency: "EUR",
  condition: "used",
  windowDays: 90,
};

/** Units of a currency per euro; prices in other currencies are refused as unsupported. */
export const EXCHANGE_RATES = new Map<string, number>([
  ["EUR", 1],
  ["GBP", 0.86],
  ["CHF", 0.94],
  ["USD", 1.08],
  ["PLN", 4.3],
  ["CZK", 25.2],
  ["DKK", 7.46],
  ["SEK", 11.4],
  ["NOK", 11.7],
]);
/** Currencies whose minor unit is not a hundredth. */
const MINOR_PER_MAJOR = new Map<string, number>([["CZK", 100]]);

const CONDITION_FACTOR: Record<Scope["condition"], number> = {
  new: 0.92,
  remanufactured: 0.7,
  used: 0.55,
  unknown: 0.6,
};

export const MODEL_VERSIONS = {
  clusteringModelVersion: "clustering-2026.09.1",
  intelligenceModelVersion: "market-model-3.4.0",
  scoreVersion: "scores-2026.10",
} as const;

const DAY = 86_400_000;
/** Realised prices drift from this instant, by the cluster's trend. */
const PRICE_EPOCH = Date.parse("2026-11-01T00:00:00.000Z");

const hashInt = (...parts: string[]) =>
  createHash("sha256").update(parts.join("|")).digest().readUInt32BE(0);

/** A UUID (version 5 layout) derived from its inputs, for snapshot ids. */
export function derivedUuid(...parts: string[]): string {
  const h = createHash("sha256").update(parts.join("|")).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** Market price level relative to Germany: a few named markets, the rest from a stable hash. */
function marketFactor(country: string): number {
  const named: Record<string, number> = { DE: 1, AT: 1.03, CH: 1.18, FR: 1.02, GB: 1.05, PL: 0.82 };
  return named[country] ?? 0.9 + (hashInt("market", country) % 25) / 100;
}

/** Standard normal distribution function (Abramowitz–Stegun 7.1.26). */
function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

const Z = { p10: -1.2816, p25: -0.6745, p50: 0, p75: 0.6745, p90: 1.2816 } as const;
function priceSummary(
  currency: string,
  basis: string,
  sampleSize: number,
  median: number,
  spread: number,
) {
  const at = (z: number) => Math.round(median * (1 + z * spread));
  return {
    currency,
    priceBasis: basis,
    sampleSize,
    p10Minor: at(Z.p10),
    p25Minor: at(Z.p25),
    p50Minor: at(Z.p50),
    p75Minor: at(Z.p75),
    p90Minor: at(Z.p90),
  };
}

const LEVELS: Level[] = ["insufficient", "directional", "usable", "strong"];
const LEVEL_RANGE: Record<Level, [number, number]> = {
  insufficient: [0, 24],
  directional: [25, 49],
  usable: [50, 79],
  strong: [80, 100],
};
const minLevel = (a: Level, b: Level) => LEVELS[Math.min(LEVELS.indexOf(a), LEVELS.indexOf(b))]!;
export const statusOfLevel = (level: Level): Status =>
  level === "strong" || level === "usable"
    ? "scored"
    : level === "directional"
      ? "indicative"
      : "insufficient_evidence";

const FACTOR_WEIGHTS = [
  ["demand", 0.3],
  ["liquidity", 0.25],
  ["risk_adjusted_yield", 0.2],
  ["inverse_competition", 0.15],
  ["trend", 0.1],
] as const;

export interface ModelInput {
  cluster: PartCluster;
  scope: Scope;
  gates: PilotGates;
  /** The snapshot's instant. */
  asOf: Date;
  /** Defaults to the snapshot's validity after `asOf`. */
  validUntil?: Date;
  requestId: string;
  warnings?: { code: WarningCode; message: string }[];
}

/** The cluster's identity at an instant: identifiers and dimensions of the version then. */
export function clusterIdentity(
  cluster: PartCluster,
  at: Date,
): ClusterIntelligenceResponse["cluster"] {
  const version = versionAt(cluster, at);
  const changes = cluster.versionChanges.slice(0, version - 1);
  const { part, normalizedOe, profile } = cluster;
  const aftermarket = [
    ...part.references.flatMap((r) =>
      r.numbers.map((value) => ({ manufacturer: r.manufacturer, value })),
    ),
    ...changes.flatMap((c) => c.addedAftermarket),
  ];
  const seed = hashInt("ktypes", cluster.clusterId);
  const kTypes = [...new Set([1000 + (seed % 40_000), 1000 + ((seed >>> 8) % 40_000) + 7])];
  kTypes.push(...changes.flatMap((c) => c.addedKTypes).filter((k) => !kTypes.includes(k)));
  return {
    clusterId: cluster.clusterId,
    clusterVersion: version,
    canonicalLabel: `${part.name.en} ${part.manufacturer} ${part.number}`,
    identityConfidence: profile.identityConfidence,
    identifiers: [
      {
        scheme: "oe",
        value: normalizedOe,
        manufacturer: part.manufacturer,
        role: "canonical",
        confidence: 100,
      },
      ...aftermarket.map((a, i) => ({
        scheme: "aftermarket" as const,
        value: a.value,
        manufacturer: a.manufacturer,
        role: "aftermarket" as const,
        confidence: Math.max(60, 95 - i * 4),
      })),
    ],
    dimensions: {
      kTypes,
      natCodes: [`DE-${(seed % 9000) + 1000}`],
      genArts: part.svcGenArt ? [String(Number(part.svcGenArt.replace(/\D/g, "")))] : [],
    },
  };
}

/** One snapshot of a cluster's intelligence: the full closed answer. */
export function computeIntelligence(input: ModelInput): ClusterIntelligenceResponse {
  const { cluster, scope, gates, asOf } = input;
  const p = cluster.profile;
  const identity = clusterIdentity(cluster, asOf);
  const w = scope.windowDays / 90;
  // Weekly variation, fixed per snapshot instant so a stored history is never rewritten.
  const week = Math.floor(asOf.getTime() / (7 * DAY));
  const wobble = 1 + 0.08 * Math.sin(week / 3 + (hashInt(cluster.clusterId) % 7));
  const iso = (offsetHours: number) =>
    new Date(asOf.getTime() - offsetHours * 3_600_000).toISOString();

  const rate = EXCHANGE_RATES.get(scope.currency) ?? 1;
  const minorPerMajor = MINOR_PER_MAJOR.get(scope.currency) ?? 100;
  const listEuro = (cluster.part.listPriceMinor ?? 3990) / 100;
  const drift = Math.pow(1 + p.trend30Pct / 100, (asOf.getTime() - PRICE_EPOCH) / (30 * DAY));
  const realisedMedian =
    listEuro *
    CONDITION_FACTOR[scope.condition] *
    marketFactor(scope.marketCountry) *
    drift *
    rate *
    minorPerMajor;

  // Evidence: three separate blocks, each present only where its source exists.
  const sales = Math.round(p.sales90 * w * wobble);
  const salesAvailable = gates.dealerPanel && sales > 0;
  const listings = Math.round(p.listings * wobble);
  const observedAvailable = gates.observedSupply && listings > 0;
  const events = Math.round(p.events90 * w * wobble);
  const usageAvailable = events > 0;
  const salesDays = Math.min(scope.windowDays, p.observedDays);
  const ess = salesAvailable ? round1(sales * (1 - p.refundRate) * 0.85) : 0;
  const contributors = salesAvailable ? Math.min(p.contributors, sales) : 0;

  const askingPrice = observedAvailable
    ? priceSummary(scope.currency, "asking_price", listings, realisedMedian * 1.14, 0.22)
    : null;
  const realizedPrice = salesAvailable
    ? priceSummary(scope.currency, "realized_price", sales, realisedMedian, 0.18)
    : null;
  const evidence = {
    observedSupply: {
      evidenceClass: "observed_supply",
      available: observedAvailable,
      activeListingCount: gates.observedSupply ? listings : null,
      distinctSellerCount: gates.observedSupply ? Math.min(p.sellers, listings) : null,
      observationDayCount: gates.observedSupply ? salesDays : null,
      sourceCount: gates.observedSupply ? p.sources : null,
      askingPrice,
      latestObservedAt: observedAvailable ? iso(3) : null,
      qualityScore: observedAvailable ? round2(clamp(0.5 + listings / 200, 0, 0.95)) : null,
    },
    verifiedSales: {
      evidenceClass: "verified_sales",
      available: salesAvailable,
      verifiedSaleCount: gates.dealerPanel ? sales : null,
      effectiveSampleSize: gates.dealerPanel ? ess : null,
      distinctContributorCount: gates.dealerPanel ? contributors : null,
      observationDayCount: gates.dealerPanel ? salesDays : null,
      matureCohortCount: gates.dealerPanel ? (salesAvailable ? p.matureCohorts : 0) : null,
      realizedPrice,
      refundRate: salesAvailable ? p.refundRate : null,
      latestSoldAt: salesAvailable ? iso(20) : null,
      qualityScore: salesAvailable ? round2(clamp(0.55 + contributors / 40, 0, 0.97)) : null,
    },
    internalUsage: {
      evidenceClass: "internal_usage",
      available: usageAvailable,
      eventCount: events,
      weightedEventCount: round1(events * 0.7),
      distinctAccountCount: usageAvailable ? Math.min(p.accounts, events) : 0,
      latestEventAt: usageAvailable ? iso(6) : null,
      qualityScore: usageAvailable ? 0.6 : null,
    },
  };

  // Confidence: a level from the evidence, then the caps that bind it.
  let level: Level =
    ess >= 40 && contributors >= 8
      ? "strong"
      : ess >= 15 && contributors >= 4
        ? "usable"
        : ess >= 4 || (observedAvailable && listings >= 8)
          ? "directional"
          : "insufficient";
  const caps: { code: string; maxLevel: Level; binding: boolean; reason: string }[] = [];
  const cap = (code: string, maxLevel: Level, reason: string) => {
    caps.push({
      code,
      maxLevel,
      binding: LEVELS.indexOf(level) > LEVELS.indexOf(maxLevel),
      reason,
    });
    level = minLevel(level, maxLevel);
  };
  if (p.identityConfidence < 90)
    cap(
      "identity_confidence",
      "usable",
      `Cluster identity confidence is ${p.identityConfidence}, below 90.`,
    );
  if (!observedAvailable)
    cap(
      "observed_supply_missing",
      "usable",
      "Without observed supply, competition cannot be scored.",
    );
  if (salesAvailable && contributors < 3)
    cap(
      "contributor_count",
      "directional",
      `Only ${contributors} contributors report verified sales.`,
    );
  if (!salesAvailable)
    cap(
      "verified_sales_missing",
      "directional",
      "Without verified sales, no realised price or standtime exists.",
    );
  const missingEvidence = [
    !observedAvailable && {
      evidenceClass: "observed_supply",
      reason: gates.observedSupply ? "no_active_listings" : "source_not_approved",
    },
    !salesAvailable && {
      evidenceClass: "verified_sales",
      reason: gates.dealerPanel ? "no_verified_sales" : "dealer_panel_not_authorised",
    },
    !usageAvailable && { evidenceClass: "internal_usage", reason: "no_events" },
    // Present but too thin to lift the level above insufficient.
    salesAvailable && ess < 4 && { evidenceClass: "verified_sales", reason: "sample_too_small" },
    observedAvailable &&
      listings < 8 && { evidenceClass: "observed_supply", reason: "too_few_listings" },
  ].filter(Boolean) as { evidenceClass: string; reason: string }[];
  const raw = 25 * Math.log2(1 + ess) + (observedAvailable ? 10 : 0) + (usageAvailable ? 5 : 0);
  const [lo, hi] = LEVEL_RANGE[level];
  const confidenceValue = Math.round(clamp(raw, lo, hi));
  const publishable = level === "usable" || level === "strong";
  const status = statusOfLevel(level);
  const insufficient = level === "insufficient";
  const scoreStatus = insufficient
    ? "insufficient_evidence"
    : publishable
      ? "scored"
      : "indicative";

  // Prices: a market price and a range only from verified sales, and not from a handful of them.
  const priced = realizedPrice !== null && !insufficient ? realizedPrice : null;
  const priceBasis = priced ? "realized_price" : null;
  const prices = {
    marketPrice: {
      available: priced !== null,
      amountMinor: priced?.p50Minor ?? null,
      currency: scope.currency,
      priceBasis,
      basis: priced ? "median_of_verified_sales" : null,
    },
    recommendedRange: {
      available: priced !== null,
      publishable: priced !== null && publishable,
      floorMinor: priced?.p25Minor ?? null,
      targetMinor: priced?.p50Minor ?? null,
      ceilingMinor: priced?.p75Minor ?? null,
      currency: scope.currency,
      priceBasis,
      basis: priced ? "interquartile_range_of_verified_sales" : null,
    },
  };

  // Standtime: an exponential survival fit on matured cohorts of verified sales.
  const standtimeAvailable = salesAvailable && p.matureCohorts > 0 && !insufficient;
  const meanDays = p.medianDays / Math.LN2;
  const saleBy = (days: number) => round4(1 - Math.exp(-days / meanDays));
  const standtime = standtimeAvailable
    ? {
        available: true,
        status: "estimated",
        expectedDays: round1(meanDays),
        p50Days: p.medianDays,
        p80Days: round1(meanDays * Math.log(5)),
        saleProbability: { p30: saleBy(30), p60: saleBy(60), p90: saleBy(90) },
        events: sales,
        censored: Math.round(sales * 0.35),
        method: "exponential_survival_on_mature_cohorts",
        confidence: confidenceValue,
      }
    : {
        available: false,
        status: "insufficient_evidence",
        expectedDays: null,
        p50Days: null,
        p80Days: null,
        saleProbability: null,
        events: salesAvailable ? sales : null,
        censored: null,
        method: null,
        confidence: null,
      };

  // Trend: realised (or, failing that, asking) prices over the window, with its interval.
  const trendAvailable = !insufficient && (salesAvailable || observedAvailable) && salesDays >= 28;
  const spread =
    (salesAvailable ? 12 : 20) / Math.sqrt(1 + ess + (observedAvailable ? listings / 4 : 0));
  const change = p.trend30Pct;
  const interval = { low: round1(change - spread), high: round1(change + spread) };
  const trend = trendAvailable
    ? {
        available: true,
        status: publishable ? "estimated" : "indicative",
        direction: interval.low > 0 ? "up" : interval.high < 0 ? "down" : "flat",
        change30dPct: change,
        interval30dPct: interval,
        probabilityPositive: round4(normalCdf(change / (spread / 1.645))),
        timeBuckets: Math.floor(scope.windowDays / 7),
        method: salesAvailable
          ? "local_linear_trend_on_realized_prices"
          : "local_linear_trend_on_asking_prices",
        confidence: confidenceValue,
      }
    : {
        available: false,
        status: "insufficient_evidence",
        direction: null,
        change30dPct: null,
        interval30dPct: null,
        probabilityPositive: null,
        timeBuckets: null,
        method: null,
        confidence: null,
      };

  // Scores: each one only with its confidence and explanation; null without evidence.
  const basic = (value: number | null, explanation: string) => ({
    value: insufficient || value === null ? null : Math.round(clamp(value, 0, 100)),
    confidence: insufficient || value === null ? null : confidenceValue,
    status: insufficient || value === null ? "insufficient_evidence" : scoreStatus,
    explanation: insufficient
      ? "Not enough evidence for a score: see confidence.missingEvidence."
      : explanation,
  });
  const demandRaw = 100 * (1 - Math.exp(-((salesAvailable ? sales : 0) + 0.2 * events) / (40 * w)));
  const liquidityRaw = standtimeAvailable ? 100 * Math.exp(-p.medianDays / 60) : null;
  const competitionRaw = observedAvailable ? 100 * (1 - Math.exp(-listings / 25)) : null;
  const basicScores = {
    demand: basic(
      demandRaw,
      `${salesAvailable ? sales : 0} verified sales and ${events} internal events in ${scope.windowDays} days.`,
    ),
    liquidity: basic(
      liquidityRaw,
      liquidityRaw === null
        ? "No matured verified-sale cohorts: liquidity is not scored."
        : `Median ${p.medianDays} days to sell.`,
    ),
    competition: basic(
      competitionRaw,
      competitionRaw === null
        ? "No observed supply: competition is not scored."
        : `${listings} active listings from ${Math.min(p.sellers, listings)} sellers.`,
    ),
    priceConfidence: basic(
      realizedPrice ? confidenceValue : null,
      realizedPrice
        ? `Realised prices from ${sales} verified sales (effective sample ${ess}).`
        : "No verified sales: no realised price to be confident about.",
    ),
  };
  const scores = { ...basicScores, opportunity: opportunityScore() };

  function opportunityScore() {
    const values: Record<(typeof FACTOR_WEIGHTS)[number][0], number | null> = {
      demand: basicScores.demand.value,
      liquidity: basicScores.liquidity.value,
      risk_adjusted_yield:
        standtime.saleProbability && salesAvailable
          ? Math.round(100 * standtime.saleProbability.p90 * (1 - p.refundRate))
          : null,
      inverse_competition:
        basicScores.competition.value === null ? null : 100 - basicScores.competition.value,
      trend: trend.available ? Math.round(clamp(50 + 2.5 * change, 0, 100)) : null,
    };
    const present = FACTOR_WEIGHTS.filter(([name]) => values[name] !== null);
    const total = present.reduce((s, [, wgt]) => s + wgt, 0);
    // Weights of the factors present are renormalised to add up to one; the last takes the rounding.
    const weights = new Map<string, number>();
    let assigned = 0;
    present.forEach(([name, wgt], i) => {
      const weight = i === present.length - 1 ? round4(1 - assigned) : round4(wgt / total);
      assigned = round4(assigned + weight);
      weights.set(name, weight);
    });
    const scored = !insufficient && present.length > 0;
    const factors = FACTOR_WEIGHTS.map(([name, nominal]) => {
      const value = scored ? values[name] : null;
      const weight = value === null ? 0 : weights.get(name)!;
      return {
        name,
        value,
        weight: scored ? weight : nominal,
        contribution: value === null ? null : round2(value * weight),
        confidence: value === null ? null : confidenceValue,
        evidence:
          name === "demand"
            ? "verified_sales+internal_usage"
            : name === "inverse_competition"
              ? "observed_supply"
              : name === "trend"
                ? salesAvailable
                  ? "verified_sales"
                  : "observed_supply"
                : "verified_sales",
      };
    });
    const posteriorMean = scored
      ? round2(factors.reduce((s, f) => s + (f.contribution ?? 0), 0))
      : null;
    const sd = 30 / Math.sqrt(1 + ess);
    const limitations = [
      "Observed listings are asking prices; they are never counted as sales.",
      ...FACTOR_WEIGHTS.filter(([name]) => values[name] === null).map(
        ([name]) => `The ${name.replace(/_/g, " ")} factor has no evidence and carries no weight.`,
      ),
      ...(publishable ? [] : ["The score is not publishable: confidence is below usable."]),
    ];
    return {
      value: posteriorMean === null ? null : Math.round(clamp(posteriorMean, 0, 100)),
      posteriorMean,
      interval: {
        low: posteriorMean === null ? null : round1(clamp(posteriorMean - 1.645 * sd, 0, 100)),
        high: posteriorMean === null ? null : round1(clamp(posteriorMean + 1.645 * sd, 0, 100)),
        calibrated: publishable,
        method: "normal_approximation_90pct",
      },
      confidence: posteriorMean === null ? null : confidenceValue,
      status: posteriorMean === null ? "insufficient_evidence" : scoreStatus,
      factors,
      limitations,
    };
  }

  const warnings = [...(input.warnings ?? [])];
  if (!gates.observedSupply)
    warnings.push({
      code: "observed_supply_unavailable",
      message: "Approved observed-supply data is not available for this Client.",
    });
  if (!gates.dealerPanel)
    warnings.push({
      code: "verified_sales_unavailable",
      message: "The authorised dealer panel is not available for this Client: no verified sales.",
    });
  if (insufficient)
    warnings.push({
      code: "insufficient_evidence",
      message: "Evidence is insufficient: scores are null and nothing is publishable.",
    });

  return {
    apiVersion: "market-intelligence-v1",
    requestId: input.requestId,
    status,
    asOf: asOf.toISOString(),
    validUntil: (input.validUntil ?? new Date(asOf.getTime() + SNAPSHOT_VALID_MS)).toISOString(),
    scope,
    cluster: identity,
    evidence,
    prices,
    standtime,
    trend,
    scores,
    confidence: {
      value: confidenceValue,
      level,
      publishable,
      effectiveSampleSize: ess,
      contributorCount: contributors,
      observationDays: salesDays,
      identityConfidence: p.identityConfidence,
      caps,
      missingEvidence,
    },
    provenance: {
      clusterVersion: identity.clusterVersion,
      ...MODEL_VERSIONS,
      snapshotId: derivedUuid(
        "snapshot",
        cluster.clusterId,
        String(identity.clusterVersion),
        asOf.toISOString(),
        JSON.stringify(scope),
        JSON.stringify(gates),
      ),
      sourceCutoffs: {
        observedSupply: evidence.observedSupply.latestObservedAt,
        verifiedSales: evidence.verifiedSales.latestSoldAt,
        internalUsage: evidence.internalUsage.latestEventAt,
      },
      restated: false,
    },
    warnings,
  } satisfies ClusterIntelligenceResponse;
}

/** A history point: the snapshot as it was, with the version it had then. */
export function historyPoint(snapshot: ClusterIntelligenceResponse): ClusterHistoryPoint {
  return {
    asOf: snapshot.asOf,
    clusterVersion: snapshot.cluster.clusterVersion,
    status: snapshot.status,
    evidence: snapshot.evidence,
    scores: snapshot.scores,
    confidence: snapshot.confidence,
    provenance: snapshot.provenance,
  };
}
