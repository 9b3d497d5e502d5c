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

/** The `sandbox.clockChanges` messages, as `useTranslations("sandbox.clockChanges")` gives them. */
export type ClockChangeWords = (
  key: "newPeriod" | "periods" | "idempotency" | "redirect" | "rateLimits",
  values?: { count: number },
) => string;

/**
 * What moving the clock from `from` to `to` changes for the Master's family, stated before the
 * user confirms it: what the service does by time (docs/sandbox-controls.md).
 */
export function changesOf(from: Date, to: Date, t: ClockChangeWords): string[] {
  if (to.getTime() <= from.getTime()) return [];
  const elapsed = to.getTime() - from.getTime();
  const changes: string[] = [];
  const month = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
  const months = month(to) - month(from);
  if (months > 0) changes.push(months === 1 ? t("newPeriod") : t("periods", { count: months }));
  if (elapsed >= DAY_MS) changes.push(t("idempotency"));
  if (elapsed >= 15 * 60_000) changes.push(t("redirect"));
  changes.push(t("rateLimits"));
  return changes;
}
