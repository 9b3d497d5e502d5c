import { describe, expect, it } from "vitest";
import { formatDateTime, formatMinor } from "./format";

describe("formatMinor", () => {
  it("formats minor units in the currency's own precision", () => {
    expect(formatMinor(24_040, "EUR")).toBe("€240.40");
    expect(formatMinor(5, "EUR")).toBe("€0.05");
    expect(formatMinor(-150, "EUR")).toBe("-€1.50");
    expect(formatMinor(1234, "JPY")).toBe("JP¥1,234");
    expect(formatMinor(null)).toBe("—");
  });
});

describe("formatDateTime", () => {
  it("shows UTC and tolerates missing or broken values", () => {
    expect(formatDateTime("2026-11-22T10:05:00Z")).toBe("22 Nov 2026, 10:05 UTC");
    expect(formatDateTime(undefined)).toBe("—");
    expect(formatDateTime("not a date")).toBe("—");
  });
});
