import { describe, expect, it } from "vitest";
import { dateTimeForInput, dayForInput, parseDateTime, parseDay } from "./dates";

describe("typed dates", () => {
  it("accepts the console's own form, ISO dates and dotted dates, in UTC", () => {
    expect(parseDay("23 Nov 2026")).toBe("2026-11-23");
    expect(parseDay(" 23 november 2026 ")).toBe("2026-11-23");
    expect(parseDay("2026-11-23")).toBe("2026-11-23");
    expect(parseDay("23.11.2026")).toBe("2026-11-23");
    expect(parseDateTime("23 Nov 2026 14:30")?.toISOString()).toBe("2026-11-23T14:30:00.000Z");
    expect(parseDateTime("2026-11-23T14:30")?.toISOString()).toBe("2026-11-23T14:30:00.000Z");
    expect(parseDateTime("2026-11-23T14:30:00.000Z")?.toISOString()).toBe(
      "2026-11-23T14:30:00.000Z",
    );
  });

  it("refuses what is not a date", () => {
    for (const text of [
      "",
      "tomorrow",
      "31 Feb 2026",
      "2026-13-01",
      "23 Foo 2026",
      "11/23/2026",
      "23 Nov 2026 25:00",
    ])
      expect(parseDateTime(text), text).toBeNull();
  });

  it("writes dates back the way the console shows them", () => {
    expect(dayForInput("2026-11-03")).toBe("3 Nov 2026");
    expect(dateTimeForInput("2026-11-23T04:05:00Z")).toBe("23 Nov 2026 04:05");
    expect(dayForInput(null)).toBe("");
    expect(parseDateTime(dateTimeForInput("2026-01-09T23:59:00Z"))?.toISOString()).toBe(
      "2026-01-09T23:59:00.000Z",
    );
  });
});
