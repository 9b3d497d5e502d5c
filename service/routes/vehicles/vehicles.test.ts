import { describe, expect, it } from "vitest";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile();
const post = (path: string, body: unknown, opts: { idempotencyKey?: string; key?: string } = {}) =>
  http(svc.url, "POST", path, { key: svc.keys["master-admin"], body, ...opts });
const doc = "https://files.example/registration-1.pdf";

describe("listing and intake", () => {
  it("composes a listing only for an accessible svcId, without price, condition or value claims", async () => {
    const svcId = (
      await http(svc.url, "GET", "/vin/WVWZZZ1KZ8W000001/vehicle", {
        key: svc.keys["master-admin"],
      })
    ).body.svcId as string;
    const listing = await post(`/vehicles/${svcId}/listing`, { language: "de" });
    expect(listing.body).toMatchObject({
      svcId,
      language: "de",
      claims: { price: false, condition: false, value: false },
    });
    expect((await post("/vehicles/svc_nobody/listing", {})).body.error).toBe("vehicle_not_found");
  });

  it("takes a vehicle in from a registration document", async () => {
    const res = await post("/vehicles/intake", { fileUrl: doc, includeOwner: true });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toMatchObject({ provider: 1, svcId: expect.stringMatching(/^svc_/) });
    expect(
      (await post("/vehicles/intake", { fileUrl: "https://files.example/unreadable.pdf" })).body,
    ).toMatchObject({ vin: null, svcId: null, vehicle: null });
  });
});
