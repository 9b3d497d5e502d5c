import { describe, expect, it } from "vitest";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile();
const post = (path: string, body: unknown, opts: { idempotencyKey?: string; key?: string } = {}) =>
  http(svc.url, "POST", path, { key: svc.keys["master-admin"], body, ...opts });

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
          { key: svc.keys.sandbox, idempotencyKey: "c-2" },
        )
      ).body.error,
    ).toBe("sandbox_endpoint_unavailable");
  });
});
