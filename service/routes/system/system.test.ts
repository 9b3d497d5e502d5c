import { describe, expect, it } from "vitest";
import { documentedPaths, OPERATION_IDS, OPERATIONS } from "@/lib/api/contract/operations";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile();

describe("GET /ping", () => {
  it("needs an API key like every operation", async () => {
    const res = await http(svc.url, "GET", "/ping");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "api_key_missing", message: expect.any(String) });
  });

  it("refuses an unknown key with 403", async () => {
    const res = await http(svc.url, "GET", "/ping", { key: "svc_live_" + "x".repeat(32) });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("api_key_invalid");
  });

  it("answers status ok and the service name", async () => {
    const res = await http(svc.url, "GET", "/ping", { key: svc.keys["master-admin"] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", service: "vehicle-parts-market-intelligence" });
    expect(res.headers.get("x-service-billing-source")).toBeNull();
  });

  it("rejects an Idempotency-Key, which it does not declare", async () => {
    const res = await http(svc.url, "GET", "/ping", {
      key: svc.keys["master-admin"],
      idempotencyKey: "k1",
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("idempotency_key_not_supported");
  });
});

describe("routing errors keep the error body", () => {
  it("answers 404 not_found for an unknown path", async () => {
    const res = await http(svc.url, "GET", "/no/such/thing", { key: svc.keys["master-admin"] });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("not_found");
  });

  it("answers 405 with Allow for a known path and a wrong method", async () => {
    const res = await http(svc.url, "DELETE", "/client/users", { key: svc.keys["master-admin"] });
    expect(res.status).toBe(405);
    expect(res.body.error).toBe("method_not_allowed");
    expect(res.headers.get("allow")).toBe("GET, POST");
  });
});

describe("OpenAPI document and reference page", () => {
  it("serves OpenAPI 3.1.0, version 1.71.0, with all 64 paths and the 3 deprecated aliases", async () => {
    const res = await http<{
      openapi: string;
      info: {
        version: string;
        contact?: { name?: string };
        license?: { name?: string; identifier?: string; url?: string };
      };
      paths: Record<string, Record<string, { operationId: string; deprecated?: boolean }>>;
    }>(svc.url, "GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.info.version).toBe("1.71.0");
    // Who answers for it and on what terms (Spectral's info-contact, Redocly's info-license and
    // info-license-strict): a licence names an SPDX identifier or a URL.
    expect(res.body.info.contact?.name).toMatch(/\S/);
    expect(res.body.info.license?.name).toMatch(/\S/);
    expect(res.body.info.license?.identifier ?? res.body.info.license?.url).toMatch(/\S/);
    const paths = Object.keys(res.body.paths);
    expect(documentedPaths()).toHaveLength(64);
    expect(paths).toHaveLength(67);
    for (const p of documentedPaths()) expect(paths).toContain(p);
    for (const alias of [
      "/scanner/registration-document",
      "/scanner/registration-document/v2",
      "/scanner/vehicle-document/extract",
    ]) {
      expect(Object.values(res.body.paths[alias]!)[0]!.deprecated).toBe(true);
    }
    const ids = Object.values(res.body.paths).flatMap((m) =>
      Object.values(m).map((o) => o.operationId),
    );
    for (const id of OPERATION_IDS) expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("marks closed schemas closed and keeps documented patterns", async () => {
    const res = await http<{
      paths: Record<
        string,
        Record<
          string,
          {
            responses: Record<
              string,
              { content?: { "application/json": { schema: Record<string, unknown> } } }
            >;
          }
        >
      >;
    }>(svc.url, "GET", "/openapi.json");
    const basePart =
      res.body.paths["/parts/oe/{oeNumber}"]!.get!.responses["200"]!.content!["application/json"]
        .schema;
    expect(basePart.additionalProperties).toBe(false);
    expect(JSON.stringify(basePart)).toContain("^SGA-[0-9]{6,}$");
    const workspace = res.body.paths["/client/partner-workspaces"]!.post!.responses;
    expect(Object.keys(workspace)).toContain("201");
  });

  it("serves the human reference from this service only: renderer from npm, no CDN, strict policy", async () => {
    const page = await fetch(svc.url + "/reference");
    expect(page.status).toBe(200);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(["/reference/renderer.js", "/reference/start.js"]);
    expect(html).not.toMatch(/https?:\/\//);
    const policy = page.headers.get("content-security-policy")!;
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("default-src 'none'");
    const renderer = await fetch(svc.url + "/reference/renderer.js");
    expect(renderer.headers.get("content-type")).toMatch(/javascript/);
    expect((await renderer.text()).length).toBeGreaterThan(1_000_000);
    const start = await (await fetch(svc.url + "/reference/start.js")).text();
    expect(start).toContain('url: "/openapi.json"');
    expect(start).toContain("withDefaultFonts: false");
  });

  it("states each operation's facts in the document the reference renders", async () => {
    const res = await http<{ paths: Record<string, Record<string, { description: string }>> }>(
      svc.url,
      "GET",
      "/openapi.json",
    );
    const create = res.body.paths[OPERATIONS.createClientUser.path]!.post!.description;
    expect(create).toContain("**Not replay-safe**");
    expect(create).toContain("Master client keys only.");
    for (const id of OPERATION_IDS) {
      const op = OPERATIONS[id];
      const described = res.body.paths[op.path]![op.method.toLowerCase()]!.description;
      expect(described, id).toContain(`Endpoint key \`${op.endpointKey}\``);
    }
  });
});
