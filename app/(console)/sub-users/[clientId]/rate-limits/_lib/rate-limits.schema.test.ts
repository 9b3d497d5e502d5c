import { describe, expect, it } from "vitest";
import { rateLimitsForm, toFormRows, toRequestRows } from "./rate-limits.schema";

describe("rate-limit form", () => {
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
