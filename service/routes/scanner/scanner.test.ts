import { describe, expect, it } from "vitest";
import {
  calculationResponse,
  extractDocumentResponse,
  internationalRegistrationResponse,
  registrationResponse,
  vehicleDocumentResponse,
} from "@/lib/api/contract/scanner";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile();
const key = () => svc.keys["master-admin"];

const post = (path: string, body: unknown, opts: { k?: string; idempotencyKey?: string } = {}) =>
  http(svc.url, "POST", path, { key: opts.k ?? key(), body, idempotencyKey: opts.idempotencyKey });
const doc = "https://files.example/registration-1.pdf";

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

  it("accepts the deprecated imageUrl and answers the same through an alias path, replaying one key() through either", async () => {
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

  it("returns 12 calculation fields, and 11 on the deprecated extract path; one key() across both is a conflict", async () => {
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
