import { describe, expect, it } from "vitest";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile();
const post = (path: string, body: unknown, opts: { idempotencyKey?: string; key?: string } = {}) =>
  http(svc.url, "POST", path, { key: svc.keys["master-admin"], body, ...opts });

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
