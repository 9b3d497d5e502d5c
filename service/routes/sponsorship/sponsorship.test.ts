import { beforeAll, describe, expect, it } from "vitest";
import {
  sponsorshipGrantListResponse,
  sponsorshipGrantResponse,
} from "@/lib/api/contract/client-admin";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile();
let sponsor: string;
let beneficiary: string;
beforeAll(() => {
  sponsor = svc.keys["master-admin"];
  beneficiary = svc.keys.beneficiary;
});

const issued = async () =>
  sponsorshipGrantListResponse.parse(
    (await http(svc.url, "GET", "/client/sponsorship-grants", { key: sponsor })).body,
  ).sponsorshipGrants;

describe("issued and received grants", () => {
  it("lists active and historical grants with their coverage this month", async () => {
    const grants = await issued();
    const byRef = Object.fromEntries(grants.map((g) => [g.reference, g]));
    expect(byRef["sonnenschein-vin"]).toMatchObject({
      active: true,
      billingMode: "own",
      monthlyCapMinor: 5000,
      coverage: { coveredCalls: 20, coveredAmountMinor: 900 },
    });
    expect(byRef["sonnenschein-seo"]).toMatchObject({ active: true, billingMode: "partner" });
    expect(byRef["sonnenschein-parts-2025"]).toMatchObject({
      active: false,
      revokedAt: expect.any(String),
    });
  });

  it("lists grants received from every sponsor", async () => {
    const res = await http(svc.url, "GET", "/client/sponsorship-grants/received", {
      key: beneficiary,
    });
    const grants = sponsorshipGrantListResponse.parse(res.body).sponsorshipGrants;
    expect(
      grants
        .filter((g) => g.reference === "sonnenschein-vin")
        .map((g) => g.sponsorClientId)
        .sort(),
    ).toEqual(["cl_demo_kraftwerk", "cl_demo_northwind"]);
  });
});

describe("issue, replace and revoke", () => {
  const hubGrant = {
    beneficiaryClientId: "cl_demo_hamburg",
    endpointKeys: ["parts_oe", "parts_oe"],
    channels: ["hub"],
    monthlyCapMinor: 1000,
    endsAt: "2030-01-01T00:00:00Z",
  };

  it("issues a new grant and replaces it with PUT (fields left out return to defaults)", async () => {
    const path = "/client/sponsorship-grants/hamburg-hub";
    const first = await http(svc.url, "PUT", path, {
      key: sponsor,
      idempotencyKey: "grant-1",
      body: hubGrant,
    });
    expect(first.status).toBe(200);
    const grant = sponsorshipGrantResponse.parse(first.body).sponsorshipGrant;
    expect(grant).toMatchObject({
      endpointKeys: ["parts_oe"],
      channels: ["hub"],
      monthlyCapMinor: 1000,
      active: true,
      billingMode: "own",
    });
    const replay = await http(svc.url, "PUT", path, {
      key: sponsor,
      idempotencyKey: "grant-1",
      body: hubGrant,
    });
    expect(replay.headers.get("x-service-idempotent-replay")).toBe("true");
    const replaced = sponsorshipGrantResponse.parse(
      (
        await http(svc.url, "PUT", path, {
          key: sponsor,
          body: { beneficiaryClientId: "cl_demo_hamburg", endpointKeys: ["translation"] },
        })
      ).body,
    ).sponsorshipGrant;
    expect(replaced).toMatchObject({
      endpointKeys: ["translation"],
      channels: [],
      monthlyCapMinor: null,
      endsAt: null,
    });
  });

  it("refuses bad grants with specific errors", async () => {
    const put = (ref: string, body: unknown, key = sponsor) =>
      http(svc.url, "PUT", `/client/sponsorship-grants/${ref}`, { key, body });
    const partsFor = (beneficiaryClientId: string, terms: object = {}) => ({
      beneficiaryClientId,
      endpointKeys: ["parts_oe"],
      ...terms,
    });
    const self = await put("self", partsFor("cl_demo_northwind"));
    expect(self.status).toBe(400);
    const unknown = await put("ghost", partsFor("cl_nobody"));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("client_user_not_found");
    const noKeys = await put("none", { beneficiaryClientId: "cl_demo_hamburg", endpointKeys: [] });
    expect(noKeys.status).toBe(400);
    const window = await put(
      "window",
      partsFor("cl_demo_hamburg", {
        startsAt: "2030-01-01T00:00:00Z",
        endsAt: "2029-01-01T00:00:00Z",
      }),
    );
    expect(window.status).toBe(400);
    expect((window.body.issues as { path: string }[])[0]!.path).toBe("endsAt");
    const badRef = await put("has%20space", partsFor("cl_demo_hamburg"));
    expect(badRef.status).toBe(400);
    const revoked = await put("sonnenschein-parts-2025", partsFor("cl_demo_sonnenschein"));
    expect(revoked.status).toBe(409);
    expect(revoked.body.error).toBe("sponsorship_grant_revoked");
    const sub = await put("from-sub", partsFor("cl_demo_hamburg"), svc.keys["sub-user"]);
    expect(sub.status).toBe(403);
  });

  it("revokes a grant, which stays visible as historical; revoking again changes nothing", async () => {
    const res = await http(svc.url, "DELETE", "/client/sponsorship-grants/berlin-recalls", {
      key: sponsor,
    });
    expect(res.status).toBe(200);
    const grant = sponsorshipGrantResponse.parse(res.body).sponsorshipGrant;
    expect(grant.active).toBe(false);
    const again = sponsorshipGrantResponse.parse(
      (await http(svc.url, "DELETE", "/client/sponsorship-grants/berlin-recalls", { key: sponsor }))
        .body,
    ).sponsorshipGrant;
    expect(again.revokedAt).toBe(grant.revokedAt);
    expect((await issued()).find((g) => g.reference === "berlin-recalls")!.active).toBe(false);
    const missing = await http(svc.url, "DELETE", "/client/sponsorship-grants/never-issued", {
      key: sponsor,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("sponsorship_grant_not_found");
  });
});

describe("billing-mode choice by the beneficiary", () => {
  const choose = (ref: string, body: unknown) =>
    http(svc.url, "PUT", `/client/sponsorship-grants/received/${ref}/billing-mode`, {
      key: beneficiary,
      body,
    });

  it("asks for the sponsor when the reference is ambiguous", async () => {
    const res = await choose("sonnenschein-vin", { mode: "partner" });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("sponsorship_reference_ambiguous");
    expect(res.body.sponsorClientIds).toEqual(
      expect.arrayContaining(["cl_demo_northwind", "cl_demo_kraftwerk"]),
    );
  });

  it("switches permanently to the sponsor's terms where permitted", async () => {
    const res = await choose("sonnenschein-vin", {
      mode: "partner",
      sponsorClientId: "cl_demo_kraftwerk",
    });
    expect(res.status).toBe(200);
    expect(sponsorshipGrantResponse.parse(res.body).sponsorshipGrant).toMatchObject({
      billingMode: "partner",
      sponsorClientId: "cl_demo_kraftwerk",
    });
    const back = await choose("sonnenschein-vin", {
      mode: "own",
      sponsorClientId: "cl_demo_kraftwerk",
    });
    expect(back.status).toBe(409);
    expect(back.body.error).toBe("billing_mode_locked");
    const same = await choose("sonnenschein-vin", {
      mode: "partner",
      sponsorClientId: "cl_demo_kraftwerk",
    });
    expect(same.status).toBe(200);
  });

  it("refuses partner mode where the grant does not permit it, revoked grants and unknown references", async () => {
    await http(svc.url, "PUT", "/client/sponsorship-grants/no-partner", {
      key: sponsor,
      body: { beneficiaryClientId: "cl_demo_sonnenschein", endpointKeys: ["parts_oe"] },
    });
    const notPermitted = await choose("no-partner", { mode: "partner" });
    expect(notPermitted.status).toBe(403);
    expect(notPermitted.body.error).toBe("partner_terms_not_permitted");
    expect((await choose("sonnenschein-parts-2025", { mode: "own" })).body.error).toBe(
      "sponsorship_grant_revoked",
    );
    expect((await choose("nothing-here", { mode: "own" })).body.error).toBe(
      "sponsorship_grant_not_found",
    );
    expect((await choose("no-partner", { mode: "shared" })).status).toBe(400);
  });
});
