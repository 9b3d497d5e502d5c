import { createHash } from "node:crypto";
import { type HandlerMap } from "../../context";
import { normalizeOe, PARTS } from "../../data/parts-catalog";
import { ApiError } from "../../pipeline/api-error";

/**
 * The Intelligence pilot as the interface describes it today: adaptive refresh is disabled and
 * no real result is delivered, so part reads answer that a refresh would be needed, history has
 * no backfill, and VIN Economic Intelligence is disabled. Each catalogue part has a cluster.
 */
export function clusterIdFor(normalizedOe: string): string {
  const h = createHash("sha256").update(`cluster|${normalizedOe}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const CLUSTERS = new Set(PARTS.map((p) => clusterIdFor(normalizeOe(p.number))));

const refreshNeeded = () =>
  new ApiError(
    "intelligence_refresh_required",
    "No eligible materialized intelligence exists for this cluster, and adaptive refresh is disabled in the pilot.",
  );

export const intelligenceHandlers = {
  async resolvePartIntelligence({ input }) {
    const number = input.query.oeNumber ?? input.query.aftermarketNumber!;
    const cluster = clusterIdFor(normalizeOe(number));
    if (!CLUSTERS.has(cluster))
      throw new ApiError("cluster_not_found", `No part cluster is known for ${number}.`);
    throw refreshNeeded();
  },
  async getPartClusterIntelligence({ input }) {
    if (!CLUSTERS.has(input.params.clusterId))
      throw new ApiError("cluster_not_found", "This cluster is unknown.");
    throw refreshNeeded();
  },
  async getPartClusterIntelligenceHistory({ input }) {
    if (!CLUSTERS.has(input.params.clusterId))
      throw new ApiError("cluster_not_found", "This cluster is unknown.");
    // History has no job, no refresh and no backfill: no snapshot was ever materialized.
    return { status: 200, data: { clusterId: input.params.clusterId, points: [] } };
  },
  async getPartIntelligenceJob({ input }) {
    throw new ApiError("job_not_found", `No intelligence job ${input.params.jobId} exists.`);
  },
  async createVinEconomicIntelligence() {
    throw new ApiError(
      "vin_economic_intelligence_disabled",
      "VIN Economic Intelligence is disabled until the pilot's gates pass.",
      {},
      { "Retry-After": "86400" },
    );
  },
  async getVinEconomicIntelligenceJob({ input }) {
    throw new ApiError(
      "job_not_found",
      `No VIN Economic Intelligence job ${input.params.jobId} exists.`,
    );
  },
} satisfies HandlerMap;
