import { describe, expect, it } from "vitest";
import { describeRule, diffRateLimits, hasChanges } from "./rate-limit-diff";

const rule = (endpointKey: string, maxRequests: number, extra: object = {}) => ({
  endpointKey,
  windowSeconds: 60,
  maxRequests,
  ...extra,
});

describe("diffRateLimits", () => {
  it("finds added, changed, removed and unchanged rules", () => {
    const before = [rule("vin_vehicle", 60), rule("*", 600), rule("parts_oe", 10)];
    const after = [rule("vin_vehicle", 60), rule("*", 300), rule("translation", 5)];
    const d = diffRateLimits(before, after);
    expect(d.unchanged).toEqual([rule("vin_vehicle", 60)]);
    expect(d.changed).toEqual([{ before: rule("*", 600), after: rule("*", 300) }]);
    expect(d.added).toEqual([rule("translation", 5)]);
    expect(d.removed).toEqual([rule("parts_oe", 10)]);
    expect(hasChanges(d)).toBe(true);
  });

  it("treats a rule bound to one key as a different rule than the one for all keys", () => {
    const d = diffRateLimits([rule("system", 1)], [rule("system", 1, { apiKeyId: "key_a" })]);
    expect(d.added).toHaveLength(1);
    expect(d.removed).toHaveLength(1);
  });

  it("counts a missing isActive as active, and toggling it as a change", () => {
    expect(hasChanges(diffRateLimits([rule("x", 1)], [rule("x", 1, { isActive: true })]))).toBe(
      false,
    );
    expect(
      diffRateLimits([rule("x", 1)], [rule("x", 1, { isActive: false })]).changed,
    ).toHaveLength(1);
  });

  it("pairs duplicates in order and reports the surplus", () => {
    const d = diffRateLimits([rule("x", 1), rule("x", 2)], [rule("x", 1)]);
    expect(d.unchanged).toEqual([rule("x", 1)]);
    expect(d.removed).toEqual([rule("x", 2)]);
  });

  it("describes a rule in words", () => {
    expect(describeRule(rule("*", 600, { apiKeyId: "key_a", isActive: false }))).toBe(
      "600 per 60 s on all endpoint keys for key key_a (inactive)",
    );
  });
});
