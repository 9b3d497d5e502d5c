import { describe, expect, it } from "vitest";
import { judgeOrigin } from "./console-same-origin";

const headers = (h: Record<string, string>) => new Headers(h);

describe("judgeOrigin", () => {
  it("lets reads through without an Origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"])
      expect(judgeOrigin(method, headers({ host: "c.example" }), undefined)).toEqual({
        allowed: true,
      });
  });

  it("refuses a write without an Origin, or with the opaque origin", () => {
    expect(judgeOrigin("POST", headers({ host: "c.example" }), undefined)).toEqual({
      allowed: false,
      reason: "missing-origin",
    });
    expect(
      judgeOrigin("POST", headers({ host: "c.example", origin: "null" }), undefined),
    ).toMatchObject({ reason: "missing-origin" });
  });

  it("refuses a write from another site, a look-alike host or a garbled Origin", () => {
    for (const origin of ["https://evil.example", "https://c.example.evil.example", "::"])
      expect(
        judgeOrigin("POST", headers({ host: "c.example", origin }), undefined),
        origin,
      ).toMatchObject({ allowed: false, reason: "foreign-origin" });
  });

  it("accepts a write from the addressed host, the forwarded host or the public URL", () => {
    expect(
      judgeOrigin(
        "POST",
        headers({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }),
        undefined,
      ),
    ).toEqual({ allowed: true });
    expect(
      judgeOrigin(
        "POST",
        headers({
          host: "10.0.0.5:3000",
          "x-forwarded-host": "console.example",
          origin: "https://console.example",
        }),
        undefined,
      ),
    ).toEqual({ allowed: true });
    expect(
      judgeOrigin(
        "PUT",
        headers({ host: "10.0.0.5:3000", origin: "https://console.example" }),
        "https://console.example/",
      ),
    ).toEqual({ allowed: true });
  });
});
