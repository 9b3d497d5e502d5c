import { type z } from "zod";
import { type freshnessPolicy } from "@/lib/api/contract/intelligence";
import { type PartCluster } from "./clusters";

/**
 * When the synthetic market materializes snapshots: daily at 02:00 UTC for clusters kept fresh,
 * last nine days ago for the stale one, never for the unmaterialized one. A snapshot is valid
 * for 36 hours. History keeps one point per week (Mondays, 02:00 UTC) from the cluster's first
 * snapshot on; nothing before it is backfilled.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const SNAPSHOT_VALID_MS = 36 * HOUR;
const STALE_AGE_DAYS = 9;

/** The latest daily snapshot instant (02:00 UTC) at or before `at`. */
function dailySnapshotAt(at: Date): Date {
  const dayStart = Math.floor(at.getTime() / DAY) * DAY;
  const today = dayStart + 2 * HOUR;
  return new Date(today <= at.getTime() ? today : today - DAY);
}

export interface SnapshotState {
  /** The snapshot a read would serve, or null when none was ever materialized. */
  at: Date | null;
  fresh: boolean;
}

export function snapshotState(cluster: PartCluster, now: Date): SnapshotState {
  const first = Date.parse(cluster.profile.historySince);
  if (cluster.profile.materialized === "none" || now.getTime() < first)
    return { at: null, fresh: false };
  let at = dailySnapshotAt(now);
  if (cluster.profile.materialized === "stale") at = new Date(at.getTime() - STALE_AGE_DAYS * DAY);
  if (at.getTime() < first) return { at: null, fresh: false };
  return { at, fresh: at.getTime() + SNAPSHOT_VALID_MS > now.getTime() };
}

type FreshnessPolicy = z.infer<typeof freshnessPolicy>;
export type RefreshReason = "no_materialized_snapshot" | "fresh_data_required" | "snapshot_stale";

/** Why a read under this policy needs a refresh rather than the snapshot, or null when it does not. */
export function refreshReason(state: SnapshotState, policy: FreshnessPolicy): RefreshReason | null {
  if (state.at === null) return "no_materialized_snapshot";
  if (policy === "require_fresh") return "fresh_data_required";
  if (!state.fresh && policy === "refresh_if_stale") return "snapshot_stale";
  return null;
}

/** Weekly history instants within [from, to], bounded by what was materialized by `now`. */
export function historyInstants(cluster: PartCluster, from: Date, to: Date, now: Date): Date[] {
  const latest = snapshotState(cluster, now).at;
  if (!latest) return [];
  const first = Date.parse(cluster.profile.historySince);
  const end = Math.min(to.getTime(), latest.getTime());
  const start = Math.max(from.getTime(), first);
  const out: Date[] = [];
  // Mondays at 02:00 UTC: 1970-01-05 was a Monday.
  const MONDAY = Date.parse("1970-01-05T02:00:00.000Z");
  const WEEK = 7 * DAY;
  let t = MONDAY + Math.ceil((start - MONDAY) / WEEK) * WEEK;
  for (; t <= end; t += WEEK) out.push(new Date(t));
  return out;
}
