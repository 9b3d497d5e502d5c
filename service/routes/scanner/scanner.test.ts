import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATION_IDS } from "@/lib/api/contract/operations";
import {
  calculationResponse,
  extractDocumentResponse,
  internationalRegistrationResponse,
  registrationResponse,
  vehicleDocumentResponse,
} from "@/lib/api/contract/scanner";
import { allHandlers } from "@/service/routes";
import { http, startTestService, type TestService } from "@/test/support/service-harness";

let svc: TestService;
let key: string;
beforeAll(async () => {
  svc = await startTestService();
  key = svc.keys["master-admin"];
});
afterAll(() => svc.stop());

const post = (path: string, body: unknown, opts: { k?: string; idempotencyKey?: string } = {}) =>
  http(svc.url, "POST", path, { key: opts.k ?? key, body, idempotencyKey: opts.idempotencyKey });
const doc = "https://files.example/registration-1.pdf";

describe("the reference service", () => {
  it("has a handler for every operation of the table", () => {
    expect(OPERATION_IDS.filter((id) => !allHandlers[id])).toEqual([]);
  });
});

describe("scanner", () => {
  it("puts the VIN at data.vehicle.vin in production and at vehicle.vin in the sandbox, without caching personal documents", async () => {
    const production = await post("/scanner/document/registration", { fileUrl: doc });
    expect(production.headers.get("cache-control")).toBe("no-store");
    const p = registrationResponse.parse(production.body) as unknown as {
      data: { vehicle: { vin: string } };
    };
    expect(p.data.vehicle.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    const sandbox = (
      await post("/scanner/document/registration", { fileUrl: doc }, { k: svc.keys.sandbox })
    ).body as { vehicle: { vin: string }; data: object };
    expect(sandbox.vehicle.vin).toBe(p.data.vehicle.vin);
    expect(sandbox.data).not.toHaveProperty("vehicle");
  });

  it("accepts the deprecated imageUrl and answers the same through an alias path, replaying one key through either", async () => {
    const first = await post(
      "/scanner/document/registration",
      { imageUrl: doc },
      { idempotencyKey: "alias-1" },
    );
    const alias = await post(
      "/scanner/registration-document",
      { imageUrl: doc },
      { idempotencyKey: "alias-1" },
    );
    expect(alias.status).toBe(200);
    expect(alias.headers.get("x-service-idempotent-replay")).toBe("true");
    expect(alias.text).toBe(first.text);
    const v2 = await post("/scanner/registration-document/v2", { imageURL: doc });
    expect(internationalRegistrationResponse.parse(v2.body).format).toBe(
      "service.vehicle-registration.v2",
    );
  });

  it("returns 12 calculation fields, and 11 on the deprecated extract path; one key across both is a conflict", async () => {
    const calc = await post(
      "/scanner/document/calculation",
      { fileUrl: doc },
      { idempotencyKey: "calc-1" },
    );
    expect(Object.keys(calculationResponse.parse(calc.body))).toHaveLength(12);
    const extract = await post(
      "/scanner/document/extract",
      { fileUrl: doc },
      { idempotencyKey: "calc-2" },
    );
    const eleven = extractDocumentResponse.parse(extract.body);
    expect(Object.keys(eleven)).toHaveLength(11);
    expect(eleven).not.toHaveProperty("equipment");
    const crossed = await post(
      "/scanner/document/extract",
      { fileUrl: doc },
      { idempotencyKey: "calc-1" },
    );
    expect(crossed.status).toBe(409);
    expect(crossed.body.error).toBe("idempotency_key_conflict");
  });

  it("rejects an Idempotency-Key with includeSensitiveData=true, and keeps leading zeros in equipment codes", async () => {
    const refused = await post(
      "/scanner/document/vehicle",
      { fileUrl: doc, includeSensitiveData: true },
      { idempotencyKey: "sens-1" },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("idempotency_key_not_supported");
    const plain = vehicleDocumentResponse.parse(
      (await post("/scanner/vehicle-document/extract", { fileUrl: doc })).body,
    );
    expect(plain.schemaVersion).toBe("1.0");
    expect(plain.sensitiveData).toBeNull();
    expect(plain.equipment[0]!.codes[0]).toEqual({ value: "0001", normalizedValue: "1" });
  });

  it("omits undetected label fields and answers null, never a guess, for an unreadable VIN", async () => {
    expect(
      (await post("/scanner/label/extract-all", { imageUrl: "https://img.example/blank.jpg" }))
        .body,
    ).toEqual({ status: "ok", data: {} });
    expect(
      (await post("/scanner/label/extract-partnumbers", { imageUrl: "ftp://img.example/x.jpg" }))
        .status,
    ).toBe(400);
    expect(
      (await post("/scanner/vin/extract", { imageUrl: "https://img.example/novin.jpg" })).body,
    ).toEqual({ vin: null });
    expect(
      (
        await post("/scanner/vin/extract", {
          imageUrl: "https://img.example/car.jpg",
          quality: "maximum",
        })
      ).body.vin,
    ).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
  });
});

describe("vision analysis", () => {
  it("needs an image address, and states its limits", async () => {
    const missing = await post("/vision/license-plate", {});
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([expect.objectContaining({ path: "imageUrl" })]);
    const plate = await post("/vision/license-plate", { imageUrl: "https://img.example/car.jpg" });
    expect(plate.body.limitations).toEqual([
      "No keeper lookup, registration validation or authenticity proof.",
    ]);
    const bg = await post("/vision/vehicle/remove/bg", {
      imageUrl: "https://img.example/empty.jpg",
    });
    expect(bg.body).toMatchObject({ found: false, imageUrl: null, coverage: 0 });
  });
});

describe("recalls, listing and intake", () => {
  it("matches recalls at series level and reports unresolvable VINs", async () => {
    const res = await http(svc.url, "GET", "/recalls/vehicles/WVWZZZ1KZ8W000001", { key });
    expect(res.body).toMatchObject({ matchLevel: "series", dataVersions: expect.any(Object) });
    expect(
      (await http(svc.url, "GET", "/recalls/vehicles/XXXZZZ1KZ8W000001", { key })).body.error,
    ).toBe("recall_match_not_found");
    const parts = await post("/recalls/parts", {
      positions: [{ oeNumber: "1K0 615 301 AA" }, { oeNumber: "NOPE" }],
    });
    expect(parts.body.positions).toEqual([
      expect.objectContaining({ oeNumber: "1K0 615 301 AA", normalizedOeNumber: "1K0615301AA" }),
      expect.objectContaining({ oeNumber: "NOPE", normalizedOeNumber: null }),
    ]);
  });

  it("composes a listing only for an accessible svcId, without price, condition or value claims", async () => {
    const svcId = (await http(svc.url, "GET", "/vin/WVWZZZ1KZ8W000001/vehicle", { key })).body
      .svcId as string;
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

describe("commerce preview", () => {
  it("requires its Idempotency-Key and then refuses as non-operational", async () => {
    expect((await post("/commerce/v1/returns/r1/review", { expectedRevision: 1 })).body.error).toBe(
      "idempotency_key_required",
    );
    const res = await post(
      "/commerce/v1/returns/r1/review",
      { expectedRevision: 1 },
      { idempotencyKey: "c-1" },
    );
    expect(res.status).toBe(503);
    expect(res.body.error).toBe("commerce_preview_not_operational");
    expect(
      (
        await post(
          "/commerce/v1/returns/r1/disposition",
          { expectedRevision: 1 },
          { k: svc.keys.sandbox, idempotencyKey: "c-2" },
        )
      ).body.error,
    ).toBe("sandbox_endpoint_unavailable");
  });
});
