/**
 * Daily figures from stored usage readings. The interface reports month-to-date counters only,
 * so a day's calls (or charges) are the difference between the last reading of that day and the
 * reading before it in the same period; a new period starts again from zero. Days without a
 * reading stay empty rather than being shown as zero.
 */

export interface ReadingLike {
  takenAt: Date;
  periodStart: Date;
  endpoints: { endpointKey: string; calls: number; chargedMinor: number | null }[];
  plans: { endpointKey: string; included: number; used: number }[];
}

export interface DayPoint {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  /** Calls since the previous reading (null: no reading this day, or none before it). */
  calls: number | null;
  /** How many days `calls` covers (more than 1 when the days before had no reading). */
  spanDays: number;
  /** Month-to-date calls at the day's last reading. */
  monthToDate: number | null;
  /** Included monthly quantity of the plan for this endpoint key (null: no plan). */
  included: number | null;
  /** Charges since the previous reading, in minor units. */
  chargedMinor: number | null;
}

const DAY_MS = 86_400_000;
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

function figures(reading: ReadingLike, endpointKey: string) {
  const endpoint = reading.endpoints.find((e) => e.endpointKey === endpointKey);
  const plans = reading.plans.filter((p) => p.endpointKey === endpointKey);
  return {
    calls: endpoint?.calls ?? 0,
    chargedMinor: endpoint?.chargedMinor ?? 0,
    included: plans.length ? plans.reduce((sum, p) => sum + p.included, 0) : null,
  };
}

/** The endpoint keys that appear in any reading, sorted. */
export function endpointKeysOf(readings: ReadingLike[]): string[] {
  const keys = new Set<string>();
  for (const r of readings) {
    for (const e of r.endpoints) keys.add(e.endpointKey);
    for (const p of r.plans) keys.add(p.endpointKey);
  }
  return [...keys].sort();
}

/**
 * The key the charts open on: the one with the most calls this period, by the latest reading
 * (ties and a period without calls: the first by name). A key nobody called is never picked
 * over one that was.
 */
export function busiestEndpointKey(readings: ReadingLike[]): string | undefined {
  const keys = endpointKeysOf(readings);
  const latest = readings.reduce<ReadingLike | undefined>(
    (last, r) => (!last || r.takenAt > last.takenAt ? r : last),
    undefined,
  );
  if (!latest) return keys[0];
  let best = keys[0];
  let most = 0;
  for (const key of keys) {
    const calls = figures(latest, key).calls;
    if (calls > most) [best, most] = [key, calls];
  }
  return best;
}

/** One point per UTC day from `from` to `to` (inclusive) for one endpoint key. */
export function dailySeries(
  readings: ReadingLike[],
  endpointKey: string,
  from: Date,
  to: Date,
): DayPoint[] {
  const sorted = [...readings].sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
  const lastOfDay = new Map<string, ReadingLike>();
  for (const r of sorted) lastOfDay.set(dayOf(r.takenAt), r);
  const points: DayPoint[] = [];
  let previous: ReadingLike | undefined = sorted.filter((r) => r.takenAt < startOfDay(from)).at(-1);
  for (let t = startOfDay(from).getTime(); t <= startOfDay(to).getTime(); t += DAY_MS) {
    const day = dayOf(new Date(t));
    const reading = lastOfDay.get(day);
    if (!reading) {
      points.push({
        day,
        calls: null,
        spanDays: 1,
        monthToDate: null,
        included: null,
        chargedMinor: null,
      });
      continue;
    }
    const now = figures(reading, endpointKey);
    const samePeriod =
      previous !== undefined && previous.periodStart.getTime() === reading.periodStart.getTime();
    const before = samePeriod ? figures(previous!, endpointKey) : { calls: 0, chargedMinor: 0 };
    // A first reading in mid-period cannot tell today's calls from the period's earlier ones.
    const known = samePeriod || reading.periodStart.getTime() >= t;
    const spanDays =
      samePeriod && previous
        ? Math.max(1, Math.round((t - startOfDay(previous.takenAt).getTime()) / DAY_MS))
        : 1;
    points.push({
      day,
      calls: known ? Math.max(0, now.calls - before.calls) : null,
      spanDays,
      monthToDate: now.calls,
      included: now.included,
      chargedMinor: known ? Math.max(0, now.chargedMinor - before.chargedMinor) : null,
    });
    previous = reading;
  }
  return points;
}

function startOfDay(d: Date): Date {
  return new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS);
}

export interface MonthTotals {
  periodStart: Date;
  periodEnd: Date;
  /** When the reading the figures come from was taken: before the period's end, it is so far. */
  takenAt: Date;
  calls: number;
  included: number | null;
  chargedMinor: number;
}

/** One endpoint key's totals per billing period, from each period's last reading, in the given order. */
export function monthlyTotals(
  months: (ReadingLike & { periodEnd: Date })[],
  endpointKey: string,
): MonthTotals[] {
  return months.map((m) => ({
    periodStart: m.periodStart,
    periodEnd: m.periodEnd,
    takenAt: m.takenAt,
    ...figures(m, endpointKey),
  }));
}
