import { describe, expect, it } from "vitest";
import {
  duplicateRules,
  type RateLimitRow,
  rateLimitsForm,
  toFormRows,
  toRequestRows,
} from "./rate-limits.schema";

const rule = (
  endpointKey: RateLimitRow["endpointKey"],
  windowSeconds: number,
  maxRequests: number,
  more = {},
) => ({
  endpointKey,
  windowSeconds,
  maxRequests,
  apiKeyId: "",
  isActive: true,
  ...more,
});

describe("rate-limit form", () => {
  it("refuses a second active rule for the same endpoint key, window and keys", () => {
    const result = rateLimitsForm.safeParse({
      rows: [rule("vin_vehicle", 60, 10), rule("*", 60, 600), rule("vin_vehicle", 60, 20)],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      [
        "rows.2.maxRequests",
        "Rule 1 already limits this endpoint key and window for the same keys; only the lower limit would apply. Keep one rule.",
      ],
    ]);
  });

  it("allows the same endpoint key with another window, another API key, or switched off", () => {
    expect(
      duplicateRules([
        rule("vin_vehicle", 60, 10),
        rule("vin_vehicle", 3600, 100),
        rule("vin_vehicle", 60, 5, { apiKeyId: "key_1" }),
        rule("vin_vehicle", 60, 20, { isActive: false }),
      ]),
    ).toEqual([]);
  });

  it("validates each row and names the field", () => {
    const result = rateLimitsForm.safeParse({
      rows: [
        {
          endpointKey: "vin_vehicle",
          windowSeconds: 60,
          maxRequests: 10,
          apiKeyId: "",
          isActive: true,
        },
        {
          endpointKey: "teleport",
          windowSeconds: Number.NaN,
          maxRequests: 0,
          apiKeyId: "",
          isActive: true,
        },
      ],
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(["rows.1.endpointKey", "rows.1.windowSeconds", "rows.1.maxRequests"]);
  });

  it("converts rows to the request and back", () => {
    const rows = [
      {
        endpointKey: "*" as const,
        windowSeconds: 60,
        maxRequests: 600,
        apiKeyId: "",
        isActive: true,
      },
      {
        endpointKey: "system" as const,
        windowSeconds: 1,
        maxRequests: 1,
        apiKeyId: "key_1",
        isActive: false,
      },
    ];
    const request = toRequestRows(rows);
    expect(request).toEqual([
      { endpointKey: "*", windowSeconds: 60, maxRequests: 600, isActive: true },
      {
        endpointKey: "system",
        windowSeconds: 1,
        maxRequests: 1,
        apiKeyId: "key_1",
        isActive: false,
      },
    ]);
    expect(toFormRows(request)).toEqual(rows);
  });
});
