import { ApiError, ok } from "../../core";
import { type z } from "zod";
import {
  type clusterIntelligenceQuery,
  type freshnessPolicy,
} from "@/lib/api/contract/intelligence";
import { type IntelligenceJobFamily } from "@/lib/api/contract/operations";
import { type HandlerMap, type RequestBase } from "../../context";
import { behaviourOf } from "../../data/vehicle-catalog";
import {
  clusterIdentity,
  computeIntelligence,
  DEFAULT_SCOPE,
  EXCHANGE_RATES,
  historyPoint,
  type Scope,
} from "../../domain/intelligence/cluster-model";
import {
  clusterById,
  clustersForNumber,
  type PartCluster,
  versionAt,
} from "../../domain/intelligence/clusters";
import {
  acceptIntelligenceJob,
  planIntelligenceJob,
  readIntelligenceJob,
} from "../../domain/intelligence/intelligence-jobs";
import {
  closedGateReason,
  deliversResults,
  gatesOf,
  type PilotGates,
} from "../../domain/intelligence/pilot-gates";
import { historyInstants, refreshReason, snapshotState } from "../../domain/intelligence/snapshots";
import { evaluateVinEconomics } from "../../domain/intelligence/vin-economic";
import { jobTimingOf } from "../../domain/jobs";
import { checkFullVin } from "../../domain/vin";
import { validationError } from "../../pipeline/validate";

/**
 * The Intelligence pilot (docs/reference-service.md, "Intelligence pilot"). Each Client's gates
 * decide the outcome: without the pilot, prices and atomic billing nothing real is delivered
 * (the documented refusals); with them, materialized snapshots are served, a refresh runs as a
 * job only where adaptive refresh is open, and VIN Economic Intelligence only where enabled.
 */
type ScopeQuery = Partial<Scope> & { freshnessPolicy?: z.infer<typeof freshnessPolicy> };
const MAX_HISTORY_DAYS = 730;

const gatesOfCaller = (ctx: RequestBase): PilotGates =>
  gatesOf(ctx.caller.client.intelligencePilot, ctx.caller.environment);

function scopeOf(query: ScopeQuery): Scope {
  const scope: Scope = {
    marketCountry: query.marketCountry ?? DEFAULT_SCOPE.marketCountry,
    currency: query.currency ?? DEFAULT_SCOPE.currency,
    condition: query.condition ?? DEFAULT_SCOPE.condition,
    windowDays: query.windowDays ?? DEFAULT_SCOPE.windowDays,
  };
  if (!EXCHANGE_RATES.has(scope.currency))
    throw validationError([
      {
        location: "query",
        path: "currency",
        message: `no prices exist in ${scope.currency}; use one of ${[...EXCHANGE_RATES.keys()].join(", ")}`,
      },
    ]);
  return scope;
}

function refreshRequired(cluster: PartCluster, why: string, reason: string) {
  return new ApiError(
    "intelligence_refresh_required",
    `No eligible materialized intelligence for cluster ${cluster.clusterId}: ${why}.`,
    { clusterId: cluster.clusterId, reason },
  );
}

/** A cluster read: the materialized snapshot, or a refresh (a job, or the documented refusal). */
async function readCluster(ctx: RequestBase, cluster: PartCluster, query: ScopeQuery) {
  const gates = gatesOfCaller(ctx);
  if (!deliversResults(gates))
    throw refreshRequired(
      cluster,
      `no real result is delivered: ${closedGateReason(gates)}`,
      "pilot_gates_closed",
    );
  const scope = scopeOf(query);
  const policy = query.freshnessPolicy ?? "refresh_if_stale";
  const state = snapshotState(cluster, ctx.now);
  const reason = refreshReason(state, policy);
  if (reason !== null) {
    if (!gates.adaptiveRefresh)
      throw refreshRequired(
        cluster,
        `${reason.replace(/_/g, " ")}, and adaptive refresh is disabled`,
        reason,
      );
    const timing = jobTimingOf(ctx.service);
    const job = planIntelligenceJob(timing, ctx.now);
    const result = computeIntelligence({
      cluster,
      scope,
      gates,
      asOf: job.readyAt,
      requestId: job.jobId,
    });
    return acceptIntelligenceJob(ctx.db, timing, {
      ...job,
      family: "part_intelligence",
      clientId: ctx.caller.client.id,
      reason,
      result,
      now: ctx.now,
    });
  }
  const at = state.at!;
  return {
    status: 200 as const,
    data: computeIntelligence({
      cluster,
      scope,
      gates,
      asOf: at,
      requestId: ctx.requestId,
      warnings: state.fresh
        ? []
        : [
            {
              code: "stale_snapshot",
              message: `Served from the snapshot of ${at.toISOString()}, past its validity (freshnessPolicy=allow_stale).`,
            },
          ],
    }),
  };
}

function knownCluster(clusterId: string): PartCluster {
  const cluster = clusterById(clusterId);
  if (!cluster) throw new ApiError("cluster_not_found", `No part cluster ${clusterId} exists.`);
  return cluster;
}

/** Polls answer `202` while pending and `200` with the final result (never billed). */
function statusOf(
  family: IntelligenceJobFamily,
  ctx: RequestBase & { input: { params: { jobId: string } } },
) {
  return readIntelligenceJob(
    ctx.db,
    jobTimingOf(ctx.service),
    family,
    ctx.caller.client.id,
    ctx.input.params.jobId,
    ctx.now,
  );
}

export const intelligenceHandlers = {
  async resolvePartIntelligence(ctx) {
    const q = ctx.input.query;
    const named = q.oeNumber ?? q.aftermarketNumber!;
    const found = clustersForNumber(q, q.manufacturer);
    if (found.length > 1)
      throw new ApiError(
        "oe_number_ambiguous",
        `${named} names parts of several manufacturers (${found.map((c) => c.part.manufacturer).join(", ")}); send manufacturer.`,
        {
          candidates: found.map((c) => ({
            clusterId: c.clusterId,
            manufacturer: c.part.manufacturer,
          })),
        },
      );
    const cluster = found[0];
    if (!cluster) throw new ApiError("cluster_not_found", `No part cluster is known for ${named}.`);
    const identity = clusterIdentity(cluster, ctx.now);
    const mismatch =
      (q.kType !== undefined && !identity.dimensions.kTypes.includes(q.kType) && "kType") ||
      (q.natCode !== undefined && !identity.dimensions.natCodes.includes(q.natCode) && "natCode") ||
      (q.genArt !== undefined && !identity.dimensions.genArts.includes(q.genArt) && "genArt");
    if (mismatch)
      throw new ApiError(
        "cluster_not_found",
        `The cluster of ${named} has no ${mismatch} ${String(q[mismatch])}.`,
      );
    return readCluster(ctx, cluster, q);
  },

  async getPartClusterIntelligence(ctx) {
    const cluster = knownCluster(ctx.input.params.clusterId);
    const q: z.output<typeof clusterIntelligenceQuery> = ctx.input.query;
    const current = versionAt(cluster, ctx.now);
    if (q.clusterVersion !== undefined && q.clusterVersion !== current)
      throw new ApiError(
        "cluster_not_found",
        `Cluster ${cluster.clusterId} is at version ${current}; version ${q.clusterVersion} is ${q.clusterVersion < current ? "superseded and readable only in its history" : "unknown"}.`,
        { currentClusterVersion: current },
      );
    return readCluster(ctx, cluster, q);
  },

  async getPartClusterIntelligenceHistory(ctx) {
    const cluster = knownCluster(ctx.input.params.clusterId);
    const { from, to, ...scopeQuery } = ctx.input.query;
    const fromAt = new Date(from);
    const toAt = new Date(to);
    if (toAt.getTime() - fromAt.getTime() > MAX_HISTORY_DAYS * 86_400_000)
      throw validationError([
        { location: "query", path: "to", message: `at most ${MAX_HISTORY_DAYS} days after from` },
      ]);
    const gates = gatesOfCaller(ctx);
    const scope = scopeOf(scopeQuery);
    // History has no job, no refresh and no backfill: only what was materialized.
    const points = deliversResults(gates)
      ? historyInstants(cluster, fromAt, toAt, ctx.now).map((at) =>
          historyPoint(
            computeIntelligence({
              cluster,
              scope,
              gates,
              asOf: at,
              requestId: ctx.requestId,
            }),
          ),
        )
      : [];
    return ok({ clusterId: cluster.clusterId, points });
  },

  getPartIntelligenceJob: (ctx) => statusOf("part_intelligence", ctx) as never,

  async createVinEconomicIntelligence(ctx) {
    const gates = gatesOfCaller(ctx);
    if (!deliversResults(gates) || !gates.vinEconomicIntelligence)
      throw new ApiError(
        "vin_economic_intelligence_disabled",
        `VIN Economic Intelligence is disabled: ${deliversResults(gates) ? "it is not enabled for this Client" : closedGateReason(gates)}.`,
        {},
        { "Retry-After": "86400" },
      );
    const body = ctx.input.body;
    const problem = checkFullVin(body.vin);
    if (problem) throw new ApiError(problem.code, problem.message);
    if (behaviourOf(body.vin).notFound)
      throw new ApiError("vin_not_found", "No vehicle could be resolved for this VIN.");
    if (Date.parse(body.asOf) > ctx.now.getTime())
      throw validationError([
        { location: "body", path: "asOf", message: "must not be in the future" },
      ]);
    const timing = jobTimingOf(ctx.service);
    const job = planIntelligenceJob(timing, ctx.now);
    return acceptIntelligenceJob(ctx.db, timing, {
      ...job,
      family: "vin_economic_intelligence",
      clientId: ctx.caller.client.id,
      reason: "evaluation_accepted",
      vin: body.vin,
      result: evaluateVinEconomics(body, gates, job.jobId, job.readyAt),
      now: ctx.now,
    });
  },

  getVinEconomicIntelligenceJob: (ctx) => statusOf("vin_economic_intelligence", ctx) as never,
} satisfies HandlerMap;
