import { describe, expect, it } from "vitest";
import {
  busiestEndpointKey,
  dailySeries,
  endpointKeysOf,
  monthlyTotals,
  type ReadingLike,
} from "./usage-series";

const NOV = new Date("2026-11-01T00:00:00Z");
const DEC = new Date("2026-12-01T00:00:00Z");

function reading(at: string, calls: number, chargedMinor = 0, periodStart = NOV): ReadingLike {
  return {
    takenAt: new Date(at),
    periodStart,
    endpoints: [{ endpointKey: "vin_lookup", calls, chargedMinor }],
    plans: [{ endpointKey: "vin_lookup", included: 100, used: Math.min(calls, 100) }],
  };
}

describe("dailySeries", () => {
  it("takes each day's calls and charges as the difference to the reading before", () => {
    const series = dailySeries(
      [
        reading("2026-11-01T09:00:00Z", 5, 0),
        reading("2026-11-01T18:00:00Z", 12, 0),
        reading("2026-11-02T10:00:00Z", 40, 150),
        reading("2026-11-03T23:00:00Z", 41, 200),
      ],
      "vin_lookup",
      new Date("2026-11-01T00:00:00Z"),
      new Date("2026-11-03T12:00:00Z"),
    );
    expect(series.map((p) => [p.day, p.calls, p.monthToDate, p.chargedMinor])).toEqual([
      ["2026-11-01", 12, 12, 0],
      ["2026-11-02", 28, 40, 150],
      ["2026-11-03", 1, 41, 50],
    ]);
    expect(series.every((p) => p.included === 100)).toBe(true);
  });

  it("leaves days without a reading empty and spreads nothing over them", () => {
    const series = dailySeries(
      [reading("2026-11-02T10:00:00Z", 10), reading("2026-11-05T10:00:00Z", 25)],
      "vin_lookup",
      new Date("2026-11-02T00:00:00Z"),
      new Date("2026-11-05T00:00:00Z"),
    );
    expect(series.map((p) => p.calls)).toEqual([null, null, null, 15]);
    expect(series[3]!.spanDays).toBe(3);
    expect(series[1]!.monthToDate).toBeNull();
  });

  it("does not invent a day's calls from a first reading in mid-period", () => {
    const [first] = dailySeries(
      [reading("2026-11-20T10:00:00Z", 300)],
      "vin_lookup",
      new Date("2026-11-20T00:00:00Z"),
      new Date("2026-11-20T00:00:00Z"),
    );
    expect(first).toMatchObject({ calls: null, monthToDate: 300 });
  });

  it("starts again from zero in a new period", () => {
    const series = dailySeries(
      [reading("2026-11-30T20:00:00Z", 90, 500), reading("2026-12-01T08:00:00Z", 7, 20, DEC)],
      "vin_lookup",
      new Date("2026-11-30T00:00:00Z"),
      new Date("2026-12-01T00:00:00Z"),
    );
    expect(series.map((p) => [p.calls, p.monthToDate, p.chargedMinor])).toEqual([
      [null, 90, null],
      [7, 7, 20],
    ]);
  });

  it("counts an endpoint key absent from a reading as zero and one without a plan as planless", () => {
    const other: ReadingLike = {
      takenAt: new Date("2026-11-02T10:00:00Z"),
      periodStart: NOV,
      endpoints: [{ endpointKey: "parts_search", calls: 3, chargedMinor: null }],
      plans: [],
    };
    const series = dailySeries(
      [reading("2026-11-01T10:00:00Z", 4), other],
      "parts_search",
      new Date("2026-11-01T00:00:00Z"),
      new Date("2026-11-02T00:00:00Z"),
    );
    expect(series.map((p) => [p.calls, p.included])).toEqual([
      [0, null],
      [3, null],
    ]);
    expect(endpointKeysOf([reading("2026-11-01T10:00:00Z", 4), other])).toEqual([
      "parts_search",
      "vin_lookup",
    ]);
  });
});

describe("busiestEndpointKey", () => {
  const taken = (at: string, calls: Record<string, number>, plans: string[] = []): ReadingLike => ({
    takenAt: new Date(at),
    periodStart: NOV,
    endpoints: Object.entries(calls).map(([endpointKey, n]) => ({
      endpointKey,
      calls: n,
      chargedMinor: 0,
    })),
    plans: plans.map((endpointKey) => ({ endpointKey, included: 100, used: 0 })),
  });

  it("opens on the key with the most calls in the latest reading, not the first by name", () => {
    const readings = [
      taken("2026-11-03T10:00:00Z", { translation: 50, vin_vehicle: 1 }, ["parts_normalize"]),
      taken("2026-11-04T10:00:00Z", { translation: 50, vin_vehicle: 42, parts_seo: 3 }, [
        "parts_normalize",
      ]),
    ];
    expect(endpointKeysOf(readings)[0]).toBe("parts_normalize");
    expect(busiestEndpointKey(readings)).toBe("translation");
    readings.push(taken("2026-11-05T10:00:00Z", { translation: 50, vin_vehicle: 60 }));
    expect(busiestEndpointKey(readings)).toBe("vin_vehicle");
  });

  it("falls back to the first key by name when nothing was called, and to none without readings", () => {
    expect(busiestEndpointKey([taken("2026-11-03T10:00:00Z", {}, ["b_key", "a_key"])])).toBe(
      "a_key",
    );
    expect(busiestEndpointKey([])).toBeUndefined();
  });
});

describe("monthlyTotals", () => {
  it("reads each period's totals for one key from its last reading, zero for a key not called", () => {
    const months = [
      {
        ...reading("2026-12-03T10:00:00Z", 7, 70, DEC),
        periodEnd: new Date("2027-01-01T00:00:00Z"),
      },
      { ...reading("2026-11-30T23:00:00Z", 140, 400), periodEnd: DEC },
    ];
    expect(monthlyTotals(months, "vin_lookup")).toEqual([
      {
        periodStart: DEC,
        periodEnd: new Date("2027-01-01T00:00:00Z"),
        takenAt: new Date("2026-12-03T10:00:00Z"),
        calls: 7,
        included: 100,
        chargedMinor: 70,
      },
      {
        periodStart: NOV,
        periodEnd: DEC,
        takenAt: new Date("2026-11-30T23:00:00Z"),
        calls: 140,
        included: 100,
        chargedMinor: 400,
      },
    ]);
    expect(monthlyTotals(months, "translation")[0]).toMatchObject({
      calls: 0,
      included: null,
      chargedMinor: 0,
    });
  });
});
