import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import messages from "@/messages/en.json";
import { changesOf as changesWith, targetOf } from "./clock-preview";

const english = createTranslator({ locale: "en", messages, namespace: "sandbox.clockChanges" });
/** What a move changes, in English as the page states it. */
const changesOf = (from: Date, to: Date) =>
  changesWith(from, to, (key, values) => english(key, values));

const now = new Date("2026-11-23T16:00:00Z");

describe("the Sandbox page's clock moves", () => {
  it("go a day ahead, to the first of next month, or to a date", () => {
    expect(targetOf({ kind: "day" }, now)?.toISOString()).toBe("2026-11-24T16:00:00.000Z");
    expect(targetOf({ kind: "next-month" }, now)?.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(targetOf({ kind: "next-month" }, new Date("2026-12-31T23:00:00Z"))?.toISOString()).toBe(
      "2027-01-01T00:00:00.000Z",
    );
    expect(targetOf({ kind: "date", to: "2027-02-01T10:00:00Z" }, now)?.toISOString()).toBe(
      "2027-02-01T10:00:00.000Z",
    );
    expect(targetOf({ kind: "date", to: "not a date" }, now)).toBeUndefined();
  });

  it("state what changes before the clock moves", () => {
    const month = changesOf(now, new Date("2026-12-01T00:00:00Z"));
    expect(month[0]).toContain("new billing period");
    expect(month.join(" ")).toContain("Idempotency-Keys");
    const hour = changesOf(now, new Date("2026-11-23T17:00:00Z"));
    expect(hour.join(" ")).not.toContain("billing period");
    expect(hour.join(" ")).not.toContain("Idempotency-Keys");
    expect(hour.join(" ")).toContain("redirect sessions expire");
    expect(changesOf(now, new Date("2026-12-03T00:00:00Z")).join(" ")).toContain("billing period");
    expect(changesOf(now, new Date("2027-02-03T00:00:00Z"))[0]).toContain("3 billing periods");
    expect(changesOf(now, now)).toEqual([]);
  });
});
