import { type WarningCode } from "@/lib/api/contract/warnings";
import { type z } from "zod";
import {
  type VinEconomicCandidate,
  type VinEconomicIntelligenceResult,
  type vinEconomicIntelligenceRequest,
} from "@/lib/api/contract/intelligence";
import { partsFor } from "../../data/vehicle-catalog";
import { computeIntelligence, MODEL_VERSIONS } from "./cluster-model";
import { clustersForNumber } from "./clusters";
import { type PilotGates } from "./pilot-gates";
import { refreshReason, snapshotState } from "./snapshots";

type Request = z.output<typeof vinEconomicIntelligenceRequest>;
type Level = "insufficient" | "directional" | "usable" | "strong";
const LEVEL_ORDER: Level[] = ["insufficient", "directional", "usable", "strong"];
const MINIMUM: Record<Request["minimumEvidence"], number> = {
  any: 0,
  directional: 1,
  usable: 2,
  strong: 3,
};

/**
 * VIN Economic Intelligence: the VIN's parts are resolved to clusters, each cluster is scored as
 * of the scope's `asOf`, and the candidates that meet the minimum evidence form a risk-adjusted
 * portfolio: expected price × probability of selling within 90 days × (1 − refund rate) ×
 * confidence. Candidates left out stay in the answer with the reason.
 */
export function evaluateVinEconomics(
  request: Request,
  gates: PilotGates,
  jobId: string,
  now: Date,
): VinEconomicIntelligenceResult {
  const asOf = new Date(request.asOf);
  const scope = {
    marketCountry: request.marketCountry,
    currency: request.currency,
    condition: request.condition,
    windowDays: request.windowDays,
  };
  const items = partsFor(request.vin);
  const withNumber = items.filter((i): i is typeof i & { number: string } => i.number !== null);
  const warnings: { code: WarningCode; message: string }[] = [];
  const unresolved = items.length - withNumber.length;
  if (unresolved > 0)
    warnings.push({
      code: "parts_without_oe_number",
      message: `${unresolved} part item(s) of this vehicle carry no OE number and have no cluster.`,
    });

  const scored: (VinEconomicCandidate & { level: Level; value: number; snapshotId: string })[] = [];
  const seen = new Set<string>();
  for (const item of withNumber) {
    for (const cluster of clustersForNumber({ oeNumber: item.number })) {
      if (seen.has(cluster.clusterId)) continue;
      seen.add(cluster.clusterId);
      const state = snapshotState(cluster, asOf);
      const needsRefresh = refreshReason(state, request.freshnessPolicy) !== null;
      const base = {
        clusterId: cluster.clusterId,
        oeNumber: cluster.normalizedOe,
        label: `${cluster.part.name.en} ${cluster.part.manufacturer} ${cluster.part.number}`,
      };
      if (needsRefresh && !gates.adaptiveRefresh) {
        const snapshot = computeIntelligence({
          cluster,
          scope,
          gates,
          asOf,
          requestId: jobId,
        });
        scored.push({
          ...base,
          clusterVersion: snapshot.cluster.clusterVersion,
          status: snapshot.status,
          included: false,
          exclusionReason: "refresh_required",
          confidenceLevel: snapshot.confidence.level,
          opportunityScore: null,
          expectedPriceMinor: null,
          saleProbability90: null,
          riskAdjustedValueMinor: null,
          level: snapshot.confidence.level,
          value: 0,
          snapshotId: snapshot.provenance.snapshotId,
        });
        continue;
      }
      // A refresh inside the job scores the cluster as of the evaluation's instant.
      const at = needsRefresh ? asOf : state.at!;
      if (!needsRefresh && !state.fresh)
        warnings.push({
          code: "stale_snapshot",
          message: `Cluster ${cluster.clusterId} was scored from a snapshot of ${at.toISOString()} (allow_stale).`,
        });
      const snapshot = computeIntelligence({
        cluster,
        scope,
        gates,
        asOf: at,
        requestId: jobId,
      });
      const level = snapshot.confidence.level;
      const target = snapshot.prices.recommendedRange.targetMinor;
      const p90 = snapshot.standtime.saleProbability?.p90 ?? null;
      const refundRate = snapshot.evidence.verifiedSales.refundRate ?? 0;
      const value =
        target !== null && p90 !== null
          ? Math.round(
              target *
                p90 *
                (1 - (refundRate as number)) *
                ((snapshot.confidence.value ?? 0) / 100),
            )
          : null;
      const insufficient = level === "insufficient";
      const belowMinimum = LEVEL_ORDER.indexOf(level) < MINIMUM[request.minimumEvidence];
      scored.push({
        ...base,
        clusterVersion: snapshot.cluster.clusterVersion,
        status: snapshot.status,
        included: !insufficient && !belowMinimum && value !== null,
        exclusionReason: insufficient
          ? "insufficient_evidence"
          : belowMinimum
            ? "below_minimum_evidence"
            : value === null
              ? "no_realized_price"
              : null,
        confidenceLevel: level,
        opportunityScore: snapshot.scores.opportunity.value,
        expectedPriceMinor: target,
        saleProbability90: p90,
        riskAdjustedValueMinor: value,
        level,
        value: value ?? 0,
        snapshotId: snapshot.provenance.snapshotId,
      });
    }
  }

  const omittedInsufficient = request.includeInsufficientCandidates
    ? []
    : scored.filter((c) => c.exclusionReason === "insufficient_evidence");
  const listed = scored
    .filter((c) => !omittedInsufficient.includes(c))
    .sort((a, b) => Number(b.included) - Number(a.included) || b.value - a.value);
  const kept = listed.slice(0, request.maxCandidates);
  if (listed.length > kept.length)
    warnings.push({
      code: "candidates_truncated",
      message: `${listed.length - kept.length} candidate(s) beyond maxCandidates=${request.maxCandidates} are not listed.`,
    });
  const included = kept.filter((c) => c.included);
  const total = included.reduce((s, c) => s + c.value, 0);
  const expected = included.reduce(
    (s, c) => s + Math.round((c.expectedPriceMinor ?? 0) * (c.saleProbability90 ?? 0)),
    0,
  );
  const weakest = included.reduce<Level | null>(
    (lo, c) =>
      lo === null || LEVEL_ORDER.indexOf(c.level) < LEVEL_ORDER.indexOf(lo) ? c.level : lo,
    null,
  );
  const level: Level = weakest ?? "insufficient";
  if (included.length === 0)
    warnings.push({
      code: "empty_portfolio",
      message: "No candidate meets the minimum evidence: the portfolio is empty.",
    });

  return {
    evaluationId: jobId,
    requestId: jobId,
    vin: request.vin,
    scope: {
      marketCountry: request.marketCountry,
      currency: request.currency,
      condition: request.condition,
      windowDays: request.windowDays,
      asOf: request.asOf,
      minimumEvidence: request.minimumEvidence,
      freshnessPolicy: request.freshnessPolicy,
      maxCandidates: request.maxCandidates,
      includeInsufficientCandidates: request.includeInsufficientCandidates,
    },
    pipeline: {
      stages: [
        { name: "parts_enumeration", status: "completed", items: items.length },
        {
          name: "cluster_resolution",
          status: "completed",
          resolved: scored.length,
          unresolvedItems: unresolved,
        },
        {
          name: "intelligence_scoring",
          status: "completed",
          scored: scored.filter((c) => c.status === "scored").length,
          indicative: scored.filter((c) => c.status === "indicative").length,
          insufficient: scored.filter((c) => c.status === "insufficient_evidence").length,
        },
        {
          name: "portfolio_construction",
          status: "completed",
          included: included.length,
          excluded: kept.length - included.length,
        },
      ],
      omittedInsufficientCandidates: omittedInsufficient.map((c) => ({
        clusterId: c.clusterId,
        clusterVersion: c.clusterVersion,
        reason: "insufficient_evidence",
      })),
      completedAt: now.toISOString(),
    },
    portfolio: {
      method: "risk_adjusted_expected_value",
      currency: request.currency,
      includedCount: included.length,
      expectedRevenueMinor: expected,
      riskAdjustedValueMinor: total,
      largestShare:
        total > 0
          ? Math.round((Math.max(...included.map((c) => c.value)) / total) * 1000) / 1000
          : null,
    },
    candidates: kept.map(({ level: _level, value: _value, snapshotId: _snapshot, ...c }, i) => ({
      rank: i + 1,
      ...c,
    })),
    confidence: {
      level,
      publishable: level === "usable" || level === "strong",
      basis: "weakest_included_candidate",
      includedCount: included.length,
    },
    provenance: {
      ...MODEL_VERSIONS,
      asOf: request.asOf,
      snapshotIds: scored.map((c) => c.snapshotId),
      clusterVersions: Object.fromEntries(scored.map((c) => [c.clusterId, c.clusterVersion])),
    },
    warnings,
  };
}
