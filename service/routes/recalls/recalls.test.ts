import { describe, expect, it } from "vitest";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile();
const post = (path: string, body: unknown, opts: { idempotencyKey?: string; key?: string } = {}) =>
  http(svc.url, "POST", path, { key: svc.keys["master-admin"], body, ...opts });

describe("recalls", () => {
  it("matches recalls at series level and reports unresolvable VINs", async () => {
    const res = await http(svc.url, "GET", "/recalls/vehicles/WVWZZZ1KZ8W000001", {
      key: svc.keys["master-admin"],
    });
    expect(res.body).toMatchObject({ matchLevel: "series", dataVersions: expect.any(Object) });
    expect(
      (
        await http(svc.url, "GET", "/recalls/vehicles/XXXZZZ1KZ8W000001", {
          key: svc.keys["master-admin"],
        })
      ).body.error,
    ).toBe("recall_match_not_found");
    const parts = await post("/recalls/parts", {
      positions: [{ oeNumber: "1K0 615 301 AA" }, { oeNumber: "NOPE" }],
    });
    expect(parts.body.positions).toEqual([
      expect.objectContaining({ oeNumber: "1K0 615 301 AA", normalizedOeNumber: "1K0615301AA" }),
      expect.objectContaining({ oeNumber: "NOPE", normalizedOeNumber: null }),
    ]);
  });
});
