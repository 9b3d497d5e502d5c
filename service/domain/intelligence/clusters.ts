import { createHash } from "node:crypto";
import { type CatalogPart, normalizeOe, PARTS } from "../../data/parts-catalog";

/**
 * The part clusters of the synthetic market: one per catalogue part, each with a documented
 * market profile (docs/test-data.md names the OE numbers and what each produces). Every figure
 * of an answer is computed from these few numbers by `cluster-model.ts`, so the same cluster,
 * scope and time always give the same answer.
 */
export type Materialization = "fresh" | "stale" | "none";

export interface MarketProfile {
  /** Verified sales in 90 days, their distinct contributors and matured cohorts. */
  sales90: number;
  contributors: number;
  matureCohorts: number;
  refundRate: number;
  /** Active listings observed, their sellers and sources, and days observed. */
  listings: number;
  sellers: number;
  sources: number;
  observedDays: number;
  /** Internal usage: events in 90 days and distinct accounts. */
  events90: number;
  accounts: number;
  /** Realised price drift per 30 days, in percent, and the median days to sell. */
  trend30Pct: number;
  medianDays: number;
  identityConfidence: number;
  /** Whether a snapshot exists and is still valid. */
  materialized: Materialization;
  /** First weekly snapshot of the history. */
  historySince: string;
}

export interface ClusterVersionChange {
  /** From this instant the cluster has the next version. */
  at: string;
  addedAftermarket: { manufacturer: string; value: string }[];
  addedKTypes: number[];
}

export interface PartCluster {
  clusterId: string;
  part: CatalogPart;
  normalizedOe: string;
  profile: MarketProfile;
  versionChanges: ClusterVersionChange[];
}

/** Cluster ids are stable UUIDs derived from the part's identity. */
export function clusterIdFor(identity: string): string {
  const h = createHash("sha256").update(`cluster|${identity}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const base = {
  refundRate: 0.04,
  sources: 3,
  observedDays: 90,
  accounts: 6,
  historySince: "2026-03-02T02:00:00.000Z",
} as const;

/** Profiles by normalized OE number (and manufacturer where two share a number). */
const PROFILES = new Map<string, Partial<MarketProfile> & Pick<MarketProfile, "materialized">>([
  // scored (strong), and the cluster whose version changes within its history
  [
    "1K0615301AA|VW",
    {
      sales90: 96,
      contributors: 14,
      matureCohorts: 9,
      listings: 64,
      sellers: 21,
      events90: 140,
      trend30Pct: 2.4,
      medianDays: 18,
      identityConfidence: 97,
      materialized: "fresh",
    },
  ],
  // scored (usable)
  [
    "5Q0615301F|VW",
    {
      sales90: 31,
      contributors: 6,
      matureCohorts: 4,
      listings: 27,
      sellers: 9,
      events90: 60,
      trend30Pct: 5.1,
      medianDays: 26,
      identityConfidence: 94,
      materialized: "fresh",
    },
  ],
  // scored (strong)
  [
    "1J0698151|VW",
    {
      sales90: 74,
      contributors: 11,
      matureCohorts: 8,
      listings: 48,
      sellers: 17,
      events90: 210,
      trend30Pct: -3.2,
      medianDays: 12,
      identityConfidence: 96,
      materialized: "fresh",
    },
  ],
  // indicative
  [
    "6Q0407151L|VW",
    {
      sales90: 7,
      contributors: 2,
      matureCohorts: 1,
      listings: 15,
      sellers: 5,
      events90: 22,
      trend30Pct: 1.1,
      medianDays: 41,
      identityConfidence: 91,
      materialized: "fresh",
    },
  ],
  [
    "7700500168|RENAULT",
    {
      sales90: 5,
      contributors: 2,
      matureCohorts: 1,
      listings: 9,
      sellers: 4,
      events90: 12,
      trend30Pct: -0.8,
      medianDays: 55,
      identityConfidence: 82,
      materialized: "fresh",
    },
  ],
  // insufficient evidence
  [
    "A0009892603|MERCEDES-BENZ",
    {
      sales90: 1,
      contributors: 1,
      matureCohorts: 0,
      listings: 2,
      sellers: 1,
      events90: 3,
      trend30Pct: 0,
      medianDays: 90,
      identityConfidence: 74,
      materialized: "fresh",
    },
  ],
  [
    "7700500168|NISSAN",
    {
      sales90: 0,
      contributors: 0,
      matureCohorts: 0,
      listings: 1,
      sellers: 1,
      events90: 2,
      trend30Pct: 0,
      medianDays: 120,
      identityConfidence: 70,
      materialized: "fresh",
    },
  ],
  // a stale snapshot: refresh job or refresh required
  [
    "34116858652|BMW",
    {
      sales90: 58,
      contributors: 9,
      matureCohorts: 6,
      listings: 36,
      sellers: 12,
      events90: 95,
      trend30Pct: 3.6,
      medianDays: 16,
      identityConfidence: 95,
      materialized: "stale",
    },
  ],
  // never materialized: every policy needs a refresh
  [
    "03L115562|VW",
    {
      sales90: 120,
      contributors: 16,
      matureCohorts: 10,
      listings: 80,
      sellers: 25,
      events90: 300,
      trend30Pct: 0.6,
      medianDays: 9,
      identityConfidence: 98,
      materialized: "none",
    },
  ],
]);

const VERSION_CHANGES = new Map<string, ClusterVersionChange[]>([
  [
    "1K0615301AA|VW",
    [
      {
        at: "2026-09-07T02:00:00.000Z",
        addedAftermarket: [{ manufacturer: "BREMBO", value: "09.A428.1X" }],
        addedKTypes: [31455],
      },
    ],
  ],
]);

const ambiguousNumbers = (() => {
  const counts = new Map<string, number>();
  for (const p of PARTS)
    counts.set(normalizeOe(p.number), (counts.get(normalizeOe(p.number)) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n > 1).map(([k]) => k));
})();

export const CLUSTERS: PartCluster[] = PARTS.map((part) => {
  const normalizedOe = normalizeOe(part.number);
  const key = `${normalizedOe}|${part.manufacturer}`;
  const stated = PROFILES.get(key) ?? { materialized: "fresh" as const };
  return {
    // A number two manufacturers share has one cluster per manufacturer.
    clusterId: clusterIdFor(ambiguousNumbers.has(normalizedOe) ? key : normalizedOe),
    part,
    normalizedOe,
    profile: {
      ...base,
      sales90: 0,
      contributors: 0,
      matureCohorts: 0,
      listings: 0,
      sellers: 0,
      events90: 0,
      trend30Pct: 0,
      medianDays: 60,
      identityConfidence: 80,
      ...stated,
    },
    versionChanges: VERSION_CHANGES.get(key) ?? [],
  };
});

const BY_ID = new Map(CLUSTERS.map((c) => [c.clusterId, c]));
export const clusterById = (id: string) => BY_ID.get(id);

/** The version of a cluster's composition at an instant: 1 plus the changes before it. */
export function versionAt(cluster: PartCluster, at: Date): number {
  return 1 + cluster.versionChanges.filter((c) => Date.parse(c.at) <= at.getTime()).length;
}

/** When a cluster got a version (its creation for version 1). */
export function versionSince(cluster: PartCluster, version: number): Date | null {
  if (version === 1) return new Date(0);
  const change = cluster.versionChanges[version - 2];
  return change ? new Date(change.at) : null;
}

/** Clusters an OE or aftermarket number names, optionally narrowed to one manufacturer. */
export function clustersForNumber(
  number: { oeNumber?: string; aftermarketNumber?: string },
  manufacturer?: string,
): PartCluster[] {
  const wantedMaker = manufacturer?.trim().toUpperCase();
  const byOe = number.oeNumber ? normalizeOe(number.oeNumber) : undefined;
  const byAftermarket = number.aftermarketNumber
    ? normalizeOe(number.aftermarketNumber)
    : undefined;
  return CLUSTERS.filter((c) => {
    if (byOe !== undefined && c.normalizedOe !== byOe) return false;
    if (
      byAftermarket !== undefined &&
      !c.part.references.some((r) => r.numbers.some((n) => normalizeOe(n) === byAftermarket))
    )
      return false;
    if (wantedMaker && byOe !== undefined && c.part.manufacturer !== wantedMaker) return false;
    if (
      wantedMaker &&
      byOe === undefined &&
      !c.part.references.some((r) => r.manufacturer.toUpperCase() === wantedMaker)
    )
      return false;
    return true;
  });
}
