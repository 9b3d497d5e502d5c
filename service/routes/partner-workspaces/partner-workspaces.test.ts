import { beforeAll, describe, expect, it } from "vitest";
import { createPartnerWorkspaceResponse } from "@/lib/api/contract/client-admin";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile();
let admin: string;
beforeAll(() => {
  admin = svc.keys["master-admin"];
});

const provision = (body: unknown, key = admin) =>
  http(svc.url, "POST", "/client/partner-workspaces", { key, body });

describe("partner workspaces", () => {
  it("provisions a workspace with its allowlist, key (shown once) and an optional grant", async () => {
    const res = await provision({
      name: "Garage Lumière",
      externalReference: "crm-4711",
      endpointKeys: ["translation", "parts_oe"],
      sponsorship: { reference: "lumiere", monthlyCapMinor: 500 },
      applicationLabel: "Lumière DMS",
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = createPartnerWorkspaceResponse.parse(res.body);
    expect(body.workspace).toMatchObject({ externalReference: "crm-4711", name: "Garage Lumière" });
    expect(body.workspace.id).toMatch(/^ws_/);
    expect(body.workspace.clientId).not.toBe(body.workspace.id);
    expect(body.apiKey.label).toBe("Lumière DMS");
    expect(body.allowlist.endpointKeys).toEqual(["translation", "parts_oe"]);
    expect(body.sponsorshipGrant).toMatchObject({
      reference: "lumiere",
      beneficiaryClientId: body.workspace.clientId,
      monthlyCapMinor: 500,
    });

    // The workspace key works within its allowlist, paid by the grant.
    const inside = await http(
      svc.url,
      "GET",
      "/translation/translations?sourceLanguage=en&text=Radiator",
      { key: body.apiKey.key },
    );
    expect(inside.status).toBe(200);
    expect(inside.headers.get("x-service-sponsorship-grant")).toBe("lumiere");
    const outside = await http(svc.url, "GET", "/parts/oe/normalize?oeNumber=03L115562", {
      key: body.apiKey.key,
    });
    expect(outside.status).toBe(403);
    expect(outside.body.error).toBe("endpoint_not_enabled");
  });

  it("refuses a duplicate externalReference and names the existing workspace", async () => {
    const first = createPartnerWorkspaceResponse.parse(
      (await provision({ name: "One", externalReference: "dup-1", endpointKeys: ["parts_oe"] }))
        .body,
    );
    const dup = await provision({
      name: "Two",
      externalReference: "dup-1",
      endpointKeys: ["parts_oe"],
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      error: "workspace_reference_exists",
      workspaceId: first.workspace.id,
    });
  });

  it("validates endpointKeys (1 to 50 known keys) and the other fields", async () => {
    const none = await provision({ name: "x", externalReference: "r1", endpointKeys: [] });
    expect(none.status).toBe(400);
    expect(none.body.issues).toEqual([expect.objectContaining({ path: "endpointKeys" })]);
    const tooMany = await provision({
      name: "x",
      externalReference: "r2",
      endpointKeys: Array(51).fill("parts_oe"),
    });
    expect(tooMany.status).toBe(400);
    const unknown = await provision({
      name: "x",
      externalReference: "r3",
      endpointKeys: ["teleport"],
    });
    expect(unknown.status).toBe(400);
    const missing = await provision({ name: "x", endpointKeys: ["parts_oe"] });
    expect((missing.body.issues as { path: string }[])[0]!.path).toBe("externalReference");
  });

  it("is for Master clients only, and not with a sandbox key", async () => {
    expect(
      (
        await provision(
          { name: "x", externalReference: "s1", endpointKeys: ["parts_oe"] },
          svc.keys["sub-user"],
        )
      ).body.error,
    ).toBe("master_client_required");
    expect(
      (
        await provision(
          { name: "x", externalReference: "s2", endpointKeys: ["parts_oe"] },
          svc.keys.sandbox,
        )
      ).body.error,
    ).toBe("sandbox_endpoint_unavailable");
  });
});
