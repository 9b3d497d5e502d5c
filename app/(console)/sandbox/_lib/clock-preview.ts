/** How a Master's test clock is moved from the Sandbox page. */
export type ClockMove = { kind: "day" } | { kind: "next-month" } | { kind: "date"; to: string };

const DAY_MS = 86_400_000;

/** Where a move takes the clock, from its time `now`; undefined for a date that is not one. */
export function targetOf(move: ClockMove, now: Date): Date | undefined {
  if (move.kind === "day") return new Date(now.getTime() + DAY_MS);
  if (move.kind === "next-month")
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const at = new Date(move.to);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * What moving the clock from `from` to `to` changes for the Master's family, stated before the
 * user confirms it: what the service does by time (docs/sandbox-controls.md).
 */
export function changesOf(from: Date, to: Date): string[] {
  if (to.getTime() <= from.getTime()) return [];
  const elapsed = to.getTime() - from.getTime();
  const changes: string[] = [];
  const month = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
  const months = month(to) - month(from);
  if (months > 0)
    changes.push(
      months === 1
        ? "A new billing period starts: plan quotas and grant caps start afresh, and this month's usage becomes last month's."
        : `${months} billing periods pass: plan quotas and grant caps start afresh.`,
    );
  if (elapsed >= DAY_MS)
    changes.push(
      "Idempotency-Keys used before then stop replaying (they are kept 24 hours); the same key starts new work.",
    );
  if (elapsed >= 15 * 60_000)
    changes.push("Open VIN redirect sessions expire (they last 15 minutes by default).");
  changes.push("Rate-limit windows start afresh; jobs still running finish.");
  return changes;
}
