import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { http, startTestService, type TestService } from "@/test/support/service-harness";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.stop());

describe("malformed requests never reach a 500", () => {
  const post = (opts: Parameters<typeof http>[3]) =>
    http(svc.url, "POST", "/client/users", { key: svc.keys["master-admin"], ...opts });

  it("answers invalid_json for a broken body", async () => {
    const res = await post({ rawBody: "{name:", headers: { "Content-Type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_json");
  });

  it("answers 415 for another media type", async () => {
    const res = await post({
      rawBody: "name=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe("unsupported_media_type");
  });

  it("answers 413 for a body over 1 MiB", async () => {
    const res = await post({ body: { name: "x".repeat(1024 * 1024 + 10) } });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("payload_too_large");
  });

  it("answers invalid_request for a JSON body of the wrong type", async () => {
    for (const rawBody of ["[]", '"name"', "null", "42"]) {
      const res = await post({ rawBody, headers: { "Content-Type": "application/json" } });
      expect(res.status, rawBody).toBe(400);
      expect(res.body.error).toBe("invalid_request");
    }
  });

  it("refuses a query parameter given twice", async () => {
    const res = await http(svc.url, "GET", "/vdi?limit=1&limit=2", {
      key: svc.keys["master-admin"],
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { location: "query", path: "limit", message: "must be given once" },
    ]);
  });

  it("keeps the request id on every answer", async () => {
    const res = await post({ rawBody: "{", headers: { "Content-Type": "application/json" } });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("never logs a key", async () => {
    await http(svc.url, "GET", "/ping", { key: svc.keys["master-admin"] });
    await http(svc.url, "GET", "/ping", { key: "svc_live_" + "A".repeat(32) });
    const logs = svc.logs.join("\n");
    expect(logs).toContain('"operationId":"getSystemStatus"');
    for (const key of Object.values(svc.keys)) expect(logs).not.toContain(key);
    expect(logs).not.toMatch(/svc_(live|test)_[0-9A-Za-z]/);
  });
});
