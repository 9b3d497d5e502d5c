import { describe, expect, it } from "vitest";
import { formatFromAcceptLanguage, FORMATS, formatsFor, isTimeZone } from "./formats";
import { preferencesInput } from "./preferences-input";

const now = Date.parse("2026-11-27T12:00:00Z");

describe("formatsFor", () => {
  it("writes money and counts in each format's conventions", () => {
    const written = FORMATS.map((format) => {
      const f = formatsFor({ format, timeZone: "UTC", now });
      return [f.money(123456), f.money(123456, "JPY"), f.count(1234567)];
    });
    expect(written.map((row) => row.map((s) => s.replace(/\s/g, " ")))).toEqual([
      ["1.234,56 €", "123.456 ¥", "1.234.567"],
      ["€1,234.56", "JP¥123,456", "1,234,567"],
      ["€1,234.56", "¥123,456", "1,234,567"],
    ]);
  });

  it("writes minor units in the currency's own precision, signs and small amounts kept", () => {
    const f = formatsFor({ format: "en-GB", timeZone: "UTC", now });
    expect([f.money(24_040), f.money(5), f.money(-150), f.money(1234, "JPY")]).toEqual([
      "€240.40",
      "€0.05",
      "-€1.50",
      "JP¥1,234",
    ]);
  });

  it("writes a moment near midnight UTC on the day of the time zone", () => {
    const late = "2026-11-27T23:30:00Z";
    const berlin = formatsFor({ format: "de-DE", timeZone: "Europe/Berlin", now });
    expect(berlin.date(late)).toBe("28.11.2026");
    expect(berlin.dateTime(late)).toBe("28.11.2026, 00:30");
    const york = formatsFor({ format: "en-US", timeZone: "America/New_York", now });
    expect(york.date(late)).toBe("11/27/2026");
    expect(york.dateTime(late)).toBe("11/27/2026, 06:30 PM");
    const london = formatsFor({ format: "en-GB", timeZone: "UTC", now });
    expect(london.dateTime(late)).toBe("27/11/2026, 23:30");
    expect([berlin.timestamp(late), york.timestamp(late)]).toEqual([
      "28.11.2026, 00:30:00 GMT+1",
      "11/27/2026, 06:30:00 PM GMT-5",
    ]);
    // UTC's offset is "GMT" or "GMT+0", as the runtime's ICU words it.
    expect(london.timestamp(late)).toMatch(/^27\/11\/2026, 23:30:00 GMT(\+0)?$/);
  });

  it("separates a spreadsheet's fields with what the format's decimal mark leaves free", () => {
    expect(
      FORMATS.map((format) => formatsFor({ format, timeZone: "UTC", now }).listSeparator),
    ).toEqual([";", ",", ","]);
  });

  it("writes a calendar day as that day in every time zone", () => {
    const york = formatsFor({ format: "en-US", timeZone: "America/New_York", now });
    const berlin = formatsFor({ format: "de-DE", timeZone: "Europe/Berlin", now });
    // A billing period's start and a date-only value: the moment in New York is the day before.
    expect(york.date("2026-11-01T00:00:00Z")).toBe("10/31/2026");
    expect([york.day("2026-11-01T00:00:00Z"), york.day("2019-03-14")]).toEqual([
      "11/01/2026",
      "03/14/2019",
    ]);
    // A period's last instant is still its last day.
    expect(berlin.day(new Date(Date.parse("2026-12-01T00:00:00Z") - 1))).toBe("30.11.2026");
    expect([york.dayOfYear("2019-03-14"), berlin.dayOfYear("2019-03-14")]).toEqual([
      "03/14",
      "14.03.",
    ]);
  });

  it("writes nothing known as a dash", () => {
    const f = formatsFor({ format: "en-GB", timeZone: "UTC", now });
    expect([
      f.money(null),
      f.date(undefined),
      f.dateTime("not a date"),
      f.date(""),
      f.day(null),
      f.dayOfYear("2019-02-30x"),
    ]).toEqual(["—", "—", "—", "—", "—", "—"]);
  });
});

describe("isTimeZone", () => {
  it("takes the runtime's zones and nothing else", () => {
    expect(["UTC", "Europe/Berlin", "America/New_York"].map(isTimeZone)).toEqual([
      true,
      true,
      true,
    ]);
    expect(["", "Mars/Olympus", "x".repeat(65), 42, null].map(isTimeZone)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("formatFromAcceptLanguage", () => {
  it("takes a format the browser names exactly, while it asks for the page's language", () => {
    expect(formatFromAcceptLanguage("en-US,en;q=0.9", "en")).toBe("en-US");
    expect(formatFromAcceptLanguage("en-gb", "en")).toBe("en-GB");
    expect(formatFromAcceptLanguage("de-AT,de;q=0.9", "de")).toBe("de-DE");
    expect(formatFromAcceptLanguage("en,en-US;q=0.5", "en")).toBe("en-US");
  });

  // Finding: the header's weights were ignored, so a format the browser ranks lower, or refuses
  // outright (q=0), won over the one it prefers.
  it("follows the header's weights, and never takes a format it refuses (q=0)", () => {
    expect(formatFromAcceptLanguage("en-US;q=0.5,en-GB", "en")).toBe("en-GB");
    expect(formatFromAcceptLanguage("en-US;q=0,en", "en")).toBe("en-GB");
    expect(formatFromAcceptLanguage("de-DE;q=0,en-US;q=0.8", "en")).toBe("en-US");
  });

  it("else the formats of the language's own speakers", () => {
    expect(formatFromAcceptLanguage("fr-FR,en-US;q=0.5", "en")).toBe("en-GB");
    expect(formatFromAcceptLanguage(null, "de")).toBe("de-DE");
    expect(formatFromAcceptLanguage("", "en")).toBe("en-GB");
  });
});

describe("preferencesInput", () => {
  it("takes the lists' values, or empty to follow the browser", () => {
    expect(
      preferencesInput.safeParse({ language: "de", format: "en-US", timeZone: "Asia/Tokyo" })
        .success,
    ).toBe(true);
    expect(preferencesInput.safeParse({ language: "", format: "", timeZone: "" }).success).toBe(
      true,
    );
  });

  it("refuses anything else", () => {
    for (const bad of [
      { language: "fr", format: "", timeZone: "" },
      { language: "", format: "de-AT", timeZone: "" },
      { language: "", format: "", timeZone: "Mars/Olympus" },
      // Names Intl takes but the form's list does not hold.
      { language: "", format: "", timeZone: "US/Pacific" },
      { language: "", format: "", timeZone: "europe/berlin" },
      { language: "", format: "", timeZone: "Etc/GMT+5" },
      { language: "", format: "" },
      null,
    ])
      expect(preferencesInput.safeParse(bad).success).toBe(false);
  });
});
