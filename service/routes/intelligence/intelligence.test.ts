import { beforeAll, describe, expect, it } from "vitest";
import {
  clusterHistoryResponse,
  clusterIntelligenceResponse,
  type ClusterIntelligenceResponse,
  vinEconomicIntelligenceResult,
} from "@/lib/api/contract/intelligence";
import { intelligenceAccepted } from "@/lib/api/contract/jobs";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import { applyPilotConfiguration } from "@/service/domain/intelligence/pilot-configuration";
import { OPEN_GATES } from "@/service/domain/intelligence/pilot-gates";
import { DEMO_IDS } from "@/service/seed/demo-data";
import { buildOpenApiDocument } from "@/lib/api/contract/openapi";

const svc = serviceForThisFile({ jobDurationMs: 3_000 });
let lab: string; // sandbox pilot, every gate open
let nord: string; // production-like pilot
let northwind: string; // no pilot
let n = 0;
const idem = () => `intel-test-${++n}`;
beforeAll(() => {
  lab = svc.keys["pilot-sandbox"];
  nord = svc.keys["pilot-production"];
  northwind = svc.keys["master-admin"];
});

/** A VIN Economic Intelligence request; each test states the scope fields it is about. */
const VIN_SCOPE = {
  vin: "WVWZZZ1KZ8W000001",
  marketCountry: "DE",
  currency: "EUR",
  condition: "used",
  windowDays: 90,
  asOf: "2026-11-20T00:00:00Z",
  freshnessPolicy: "allow_stale",
} as const;

const read = (path: string, key: string, idempotencyKey = idem()) =>
  http(svc.url, "GET", path, { key, idempotencyKey });
const poll = (url: string, key: string) => http(svc.url, "GET", new URL(url).pathname, { key });

/** The invariants every answer keeps, whatever its status. */
function checkConsistency(r: ClusterIntelligenceResponse) {
  for (const summary of [
    r.evidence.observedSupply.askingPrice,
    r.evidence.verifiedSales.realizedPrice,
  ]) {
    if (!summary) continue;
    const ps = [
      summary.p10Minor,
      summary.p25Minor,
      summary.p50Minor,
      summary.p75Minor,
      summary.p90Minor,
    ];
    expect([...ps].sort((a, b) => a - b)).toEqual(ps);
  }
  if (r.evidence.observedSupply.askingPrice)
    expect(r.evidence.observedSupply.askingPrice.sampleSize).toBe(
      r.evidence.observedSupply.activeListingCount,
    );
  if (r.evidence.verifiedSales.realizedPrice)
    expect(r.evidence.verifiedSales.realizedPrice.sampleSize).toBe(
      r.evidence.verifiedSales.verifiedSaleCount,
    );
  const range = r.prices.recommendedRange;
  if (range.available) {
    expect(range.floorMinor!).toBeLessThanOrEqual(range.targetMinor!);
    expect(range.targetMinor!).toBeLessThanOrEqual(range.ceilingMinor!);
  }
  if (!r.confidence.publishable) expect(range.publishable).toBe(false);
  const o = r.scores.opportunity;
  if (o.posteriorMean !== null) {
    const present = o.factors.filter((f) => f.contribution !== null);
    const weights = present.reduce((s, f) => s + f.weight, 0);
    expect(weights).toBeCloseTo(1, 3);
    const sum = present.reduce((s, f) => s + f.contribution!, 0);
    expect(Math.abs(sum - o.posteriorMean)).toBeLessThan(0.011);
    for (const f of present) expect(f.contribution).toBeCloseTo(f.value! * f.weight, 1);
    expect(o.interval.low!).toBeLessThanOrEqual(o.posteriorMean);
    expect(o.interval.high!).toBeGreaterThanOrEqual(o.posteriorMean);
  }
  if (r.status === "insufficient_evidence") {
    for (const s of [r.scores.demand, r.scores.liquidity, r.scores.competition, o])
      expect(s.value).toBeNull();
    expect(r.confidence.level).toBe("insufficient");
  }
  expect(r.provenance.clusterVersion).toBe(r.cluster.clusterVersion);
}

describe("the Intelligence pilot in the sandbox (every gate open)", () => {
  it("answers a scored cluster with the closed ClusterIntelligenceResponse and consistent figures", async () => {
    const res = await read("/parts/intelligence?oeNumber=1J0%20698%20151", lab);
    expect(res.status, res.text).toBe(200);
    const r = clusterIntelligenceResponse.parse(res.body);
    expect(Object.keys(res.body).sort()).toEqual(
      Object.keys(clusterIntelligenceResponse.shape).sort(),
    );
    expect(r.apiVersion).toBe("market-intelligence-v1");
    expect(r.status).toBe("scored");
    expect(r.requestId).toBe(res.headers.get("X-Request-Id"));
    expect(r.scope).toEqual({
      marketCountry: "DE",
      currency: "EUR",
      condition: "used",
      windowDays: 90,
    });
    expect(r.confidence).toMatchObject({ level: "strong", publishable: true });
    expect(r.prices.recommendedRange.publishable).toBe(true);
    expect(r.evidence.observedSupply.available).toBe(true);
    expect(r.evidence.verifiedSales.available).toBe(true);
    // Observed listings are asking prices: they never appear as sales.
    expect(r.evidence.observedSupply.askingPrice!.priceBasis).toBe("asking_price");
    expect(r.evidence.verifiedSales.realizedPrice!.priceBasis).toBe("realized_price");
    expect(r.prices.marketPrice.amountMinor).toBe(r.evidence.verifiedSales.realizedPrice!.p50Minor);
    expect(r.standtime.saleProbability!.p30).toBeLessThan(r.standtime.saleProbability!.p90);
    expect(r.trend.interval30dPct!.low).toBeLessThanOrEqual(r.trend.change30dPct!);
    expect(r.scores.opportunity.factors.map((f) => f.name)).toEqual([
      "demand",
      "liquidity",
      "risk_adjusted_yield",
      "inverse_competition",
      "trend",
    ]);
    expect(r.cluster.identifiers[0]).toMatchObject({
      scheme: "oe",
      role: "canonical",
      value: "1J0698151",
    });
    checkConsistency(r);
    // The same cluster by its id, and by an aftermarket number, in another scope.
    const byId = await read(
      `/parts/clusters/${r.cluster.clusterId}/intelligence?marketCountry=GB&currency=GBP&condition=new&windowDays=30`,
      lab,
    );
    const other = clusterIntelligenceResponse.parse(byId.body);
    expect(other.scope).toEqual({
      marketCountry: "GB",
      currency: "GBP",
      condition: "new",
      windowDays: 30,
    });
    expect(other.evidence.verifiedSales.verifiedSaleCount!).toBeLessThan(
      r.evidence.verifiedSales.verifiedSaleCount!,
    );
    checkConsistency(other);
    const byAftermarket = await read("/parts/intelligence?aftermarketNumber=13.0460-7108.2", lab);
    expect(byAftermarket.body.cluster).toMatchObject({ clusterId: r.cluster.clusterId });
  });

  it("answers indicative and insufficient evidence with nothing publishable", async () => {
    const indicative = clusterIntelligenceResponse.parse(
      (await read("/parts/intelligence?oeNumber=6Q0407151L", lab)).body,
    );
    expect(indicative.status).toBe("indicative");
    expect(indicative.confidence).toMatchObject({ level: "directional", publishable: false });
    expect(indicative.prices.recommendedRange.publishable).toBe(false);
    expect(indicative.scores.opportunity.interval.calibrated).toBe(false);
    checkConsistency(indicative);
    const thin = clusterIntelligenceResponse.parse(
      (await read("/parts/intelligence?oeNumber=A%20000%20989%2026%2003", lab)).body,
    );
    expect(thin.status).toBe("insufficient_evidence");
    expect(thin.scores.opportunity.posteriorMean).toBeNull();
    expect(thin.prices.marketPrice.available).toBe(false);
    expect(thin.confidence.missingEvidence.length).toBeGreaterThan(0);
    checkConsistency(thin);
  });

  it("runs a refresh as a job: 202 while pending, 200 with the final result repeating the job id", async () => {
    const res = await read("/parts/intelligence?oeNumber=34116858652", lab);
    expect(res.status, res.text).toBe(202);
    const accepted = intelligenceAccepted.parse(res.body);
    expect(accepted.requestId).toBe(accepted.jobId);
    expect(accepted.reason).toBe("snapshot_stale");
    expect(res.headers.get("Location")).toBe(accepted.statusUrl);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    const pending = await poll(accepted.statusUrl, lab);
    expect(pending.status).toBe(202);
    expect(pending.body).toMatchObject({ jobId: accepted.jobId, requestId: accepted.jobId });
    // A part job is unknown on the VIN family's path.
    const crossed = await http(
      svc.url,
      "GET",
      `/vin/economic-intelligence/jobs/${accepted.jobId}`,
      { key: lab },
    );
    expect(crossed.status).toBe(404);
    expect(crossed.body.error).toBe("job_not_found");
    // Nor does another Client see it.
    expect((await poll(accepted.statusUrl, nord)).status).toBe(404);
    svc.clock.advance(3_500);
    const done = await poll(accepted.statusUrl, lab);
    expect(done.status).toBe(200);
    const final = clusterIntelligenceResponse.parse(done.body);
    expect(final.requestId).toBe(accepted.jobId);
    expect(final.status).toBe("scored");
    checkConsistency(final);
    // allow_stale serves the old snapshot at once, saying so.
    const stale = await read(
      "/parts/intelligence?oeNumber=34116858652&freshnessPolicy=allow_stale",
      lab,
    );
    expect(stale.status).toBe(200);
    expect((stale.body.warnings as { code: string }[]).map((w) => w.code)).toContain(
      "stale_snapshot",
    );
    expect(Date.parse(stale.body.validUntil as string)).toBeLessThan(svc.clock.now().getTime());
    // A cluster never materialized needs a refresh under every policy.
    const never = await read(
      "/parts/intelligence?oeNumber=03L115562&freshnessPolicy=allow_stale",
      lab,
    );
    expect(never.status).toBe(202);
    expect(never.body.reason).toBe("no_materialized_snapshot");
  });

  it("keeps each history point's own cluster version and snapshot, and never rewrites them", async () => {
    const cluster = (await read("/parts/intelligence?oeNumber=1K0615301AA", lab)).body.cluster as {
      clusterId: string;
      clusterVersion: number;
    };
    expect(cluster.clusterVersion).toBe(2);
    const path = `/parts/clusters/${cluster.clusterId}/history?from=2026-08-01T00:00:00Z&to=2026-10-31T00:00:00Z`;
    const res = await read(path, lab);
    expect(res.status, res.text).toBe(200);
    const history = clusterHistoryResponse.parse(res.body);
    expect(history.points.length).toBe(13);
    const versions = history.points.map((p) => p.clusterVersion);
    expect(versions[0]).toBe(1);
    expect(versions.at(-1)).toBe(2);
    expect(versions.indexOf(2)).toBe(history.points.findIndex((p) => p.asOf >= "2026-09-07"));
    expect(new Set(history.points.map((p) => p.provenance.snapshotId)).size).toBe(13);
    const v1 = history.points[0]!;
    expect(v1.evidence.verifiedSales.available).toBe(true);
    // A later, narrower query returns the very same points.
    const again = clusterHistoryResponse.parse(
      (
        await read(
          `/parts/clusters/${cluster.clusterId}/history?from=2026-09-01T00:00:00Z&to=2026-09-30T00:00:00Z`,
          lab,
        )
      ).body,
    );
    for (const p of again.points) expect(history.points.find((h) => h.asOf === p.asOf)).toEqual(p);
    // No backfill before the first snapshot; no refresh, no job.
    const early = await read(
      `/parts/clusters/${cluster.clusterId}/history?from=2025-01-01T00:00:00Z&to=2026-03-01T00:00:00Z`,
      lab,
    );
    expect(early.status).toBe(200);
    expect(early.body.points).toEqual([]);
    const tooLong = await read(
      `/parts/clusters/${cluster.clusterId}/history?from=2024-01-01T00:00:00Z&to=2026-03-01T00:00:00Z`,
      lab,
    );
    expect(tooLong.status).toBe(400);
    // Reading an older version as current is refused with the current version.
    const old = await read(
      `/parts/clusters/${cluster.clusterId}/intelligence?clusterVersion=1`,
      lab,
    );
    expect(old.status).toBe(404);
    expect(old.body).toMatchObject({ error: "cluster_not_found", currentClusterVersion: 2 });
  });

  it("runs VIN Economic Intelligence as a job whose result keeps exclusions explicit", async () => {
    const body = {
      ...VIN_SCOPE,
      minimumEvidence: "usable",
      maxCandidates: 20,
      includeInsufficientCandidates: true,
    };
    const res = await http(svc.url, "POST", "/vin/economic-intelligence", {
      key: lab,
      idempotencyKey: idem(),
      body,
    });
    expect(res.status, res.text).toBe(202);
    const accepted = intelligenceAccepted.parse(res.body);
    expect((await poll(accepted.statusUrl, lab)).status).toBe(202);
    const crossed = await http(svc.url, "GET", `/parts/intelligence/jobs/${accepted.jobId}`, {
      key: lab,
    });
    expect(crossed.status).toBe(404);
    svc.clock.advance(3_500);
    const done = await poll(accepted.statusUrl, lab);
    expect(done.status).toBe(200);
    const result = vinEconomicIntelligenceResult.parse(done.body);
    expect(result.evaluationId).toBe(accepted.jobId);
    expect(result.requestId).toBe(accepted.jobId);
    expect(result.scope).toMatchObject({ windowDays: 90, minimumEvidence: "usable" });
    expect(result.candidates.length).toBeGreaterThan(0);
    for (const c of result.candidates) {
      expect(c.clusterVersion).toBeGreaterThanOrEqual(1);
      expect(c.included ? c.exclusionReason : c.exclusionReason).toSatisfy((r: unknown) =>
        c.included ? r === null : typeof r === "string",
      );
    }
    const portfolio = result.portfolio as { riskAdjustedValueMinor: number; includedCount: number };
    const included = result.candidates.filter((c) => c.included);
    expect(portfolio.includedCount).toBe(included.length);
    expect(portfolio.riskAdjustedValueMinor).toBe(
      included.reduce((s, c) => s + c.riskAdjustedValueMinor!, 0),
    );
    // Bad scope: windowDays is fixed at 90, asOf may not be in the future.
    for (const bad of [
      { ...body, windowDays: 30 },
      { ...body, asOf: "2099-01-01T00:00:00Z" },
    ]) {
      const refused = await http(svc.url, "POST", "/vin/economic-intelligence", {
        key: lab,
        idempotencyKey: idem(),
        body: bad,
      });
      expect(refused.status).toBe(400);
    }
  });

  it("refuses an unknown cluster and an ambiguous number, and narrows by manufacturer", async () => {
    const unknown = await read("/parts/intelligence?oeNumber=ZZZ99999", lab);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("cluster_not_found");
    const ambiguous = await read("/parts/intelligence?oeNumber=7700500168", lab);
    expect(ambiguous.status).toBe(422);
    expect(ambiguous.body.error).toBe("oe_number_ambiguous");
    const renault = await read("/parts/intelligence?oeNumber=7700500168&manufacturer=RENAULT", lab);
    expect(renault.body.status).toBe("indicative");
    const unsupported = await read("/parts/intelligence?oeNumber=1J0698151&currency=JPY", lab);
    expect(unsupported.status).toBe(400);
  });
});

describe("the pilot with production's gates", () => {
  it("serves materialized data only, refuses refreshes and keeps VIN Economic Intelligence disabled", async () => {
    const res = await read("/parts/intelligence?oeNumber=1J0698151", nord);
    expect(res.status, res.text).toBe(200);
    const r = clusterIntelligenceResponse.parse(res.body);
    // No observed supply, no dealer panel: nothing to score on.
    expect(r.status).toBe("insufficient_evidence");
    expect(r.evidence.observedSupply.available).toBe(false);
    expect(r.evidence.verifiedSales.available).toBe(false);
    expect(r.evidence.internalUsage.available).toBe(true);
    expect(r.warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining(["observed_supply_unavailable", "verified_sales_unavailable"]),
    );
    checkConsistency(r);
    expect(res.headers.get("X-Service-Billing-Source")).toBe("balance");
    const stale = await read("/parts/intelligence?oeNumber=34116858652", nord);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      error: "intelligence_refresh_required",
      reason: "snapshot_stale",
    });
    const vin = await http(svc.url, "POST", "/vin/economic-intelligence", {
      key: nord,
      idempotencyKey: idem(),
      body: {
        ...VIN_SCOPE,
        minimumEvidence: "any",
        maxCandidates: 5,
        includeInsufficientCandidates: false,
      },
    });
    expect(vin.status).toBe(503);
    expect(vin.body.error).toBe("vin_economic_intelligence_disabled");
  });

  it("bills a delivered read once, replays it free and refuses the key with other input", async () => {
    const credits = async () =>
      (await http(svc.url, "GET", "/client/credits", { key: nord })).body as Record<
        string,
        unknown
      >;
    const before = JSON.stringify(await credits());
    const first = await read("/parts/intelligence?oeNumber=5Q0615301F", nord, "bill-1");
    expect(first.status).toBe(200);
    const replay = await read("/parts/intelligence?oeNumber=5Q0615301F", nord, "bill-1");
    expect(replay.headers.get("X-Service-Idempotent-Replay")).toBe("true");
    expect(replay.body.requestId).toBe(first.body.requestId);
    const conflict = await read("/parts/intelligence?oeNumber=1J0698151", nord, "bill-1");
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe("idempotency_key_conflict");
    const usage = (await http(svc.url, "GET", "/client/usage", { key: nord })).body as {
      endpoints: { endpointKey: string; calls: number }[];
    };
    const calls = usage.endpoints.find((e) => e.endpointKey === "intelligence_part")!.calls;
    // Refused refreshes are refunded; the delivered reads are counted.
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(await credits())).not.toBe(before);
  });
});

describe("gates switch outcomes", () => {
  it("tells each key its own gates at /pilot/gates", async () => {
    const mine = await http(svc.url, "GET", "/pilot/gates", { key: nord });
    expect(mine.body).toMatchObject({
      clientId: DEMO_IDS.pilotProduction,
      environment: "production",
      deliversResults: true,
      gates: {
        allowlisted: true,
        observedSupply: false,
        adaptiveRefresh: false,
        vinEconomicIntelligence: false,
      },
      agentAccess: false,
    });
    const northwindGates = await http(svc.url, "GET", "/pilot/gates", { key: northwind });
    expect(northwindGates.body).toMatchObject({ deliversResults: false, agentAccess: true });
    const none = await http(svc.url, "GET", "/pilot/gates", {});
    expect(none.status).toBe(401);
    expect(none.body.error).toBe("api_key_missing");
  });

  it("a Client without the pilot gets the documented refusals until its gates open", async () => {
    const closed = await read("/parts/intelligence?oeNumber=1J0698151", northwind);
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({
      error: "intelligence_refresh_required",
      reason: "pilot_gates_closed",
    });
    const id = (closed.body as { clusterId: string }).clusterId;
    const history = await read(
      `/parts/clusters/${id}/history?from=2026-08-01T00:00:00Z&to=2026-10-31T00:00:00Z`,
      northwind,
    );
    expect(history.body.points).toEqual([]);
    await applyPilotConfiguration(svc.service.database.db, {
      [DEMO_IDS.northwind]: { production: { ...OPEN_GATES, vinEconomicIntelligence: false } },
    });
    const open = await read("/parts/intelligence?oeNumber=1J0698151", northwind);
    expect(open.status).toBe(200);
    expect(open.body.status).toBe("scored");
    const opened = await read(
      `/parts/clusters/${id}/history?from=2026-08-01T00:00:00Z&to=2026-10-31T00:00:00Z`,
      northwind,
    );
    expect((opened.body.points as unknown[]).length).toBe(13);
    await applyPilotConfiguration(svc.service.database.db, {
      [DEMO_IDS.northwind]: { production: { allowlisted: false } },
    });
    expect((await read("/parts/intelligence?oeNumber=1J0698151", northwind)).status).toBe(409);
  });
});

describe("the first-party session", () => {
  const pilot = () =>
    svc.service.demo!.accounts.find((a) => a.id === "pilot-sandbox")!.serviceSignIn!;
  async function signIn(login: string, password: string) {
    const res = await fetch(`${svc.url}/pilot/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ login, password }),
    });
    const cookie = res.headers.get("set-cookie")?.split(";")[0];
    return {
      status: res.status,
      body: (await res.json()) as Record<string, string>,
      cookie,
      setCookie: res.headers.get("set-cookie"),
    };
  }

  it("signs a pilot account in and lets Intelligence operations use the cookie, with CSRF on writes", async () => {
    const crossSite = await fetch(`${svc.url}/pilot/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ login: pilot().login, password: pilot().password }),
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get("set-cookie")).toBeNull();
    const page = await fetch(`${svc.url}/pilot/sign-in`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="password"');
    const wrong = await signIn(pilot().login, "not-the-password");
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe("sign_in_failed");
    const ok = await signIn(pilot().login, pilot().password);
    expect(ok.status).toBe(200);
    expect(ok.setCookie).toMatch(
      /^__Host-service_session=[^;]+; Max-Age=28800; Path=\/; HttpOnly; Secure; SameSite=Lax/,
    );
    expect(ok.body).toMatchObject({ clientId: DEMO_IDS.pilotSandbox, environment: "sandbox" });
    const cookie = { Cookie: ok.cookie! };
    const session = await http(svc.url, "GET", "/pilot/session", { headers: cookie });
    expect(session.body.csrfToken).toBe(ok.body.csrfToken);

    const read = await http(svc.url, "GET", "/parts/intelligence?oeNumber=1J0698151", {
      headers: cookie,
      idempotencyKey: idem(),
    });
    expect(read.status, read.text).toBe(200);
    expect(read.body.status).toBe("scored");
    // The session is for Intelligence only.
    const elsewhere = await http(svc.url, "GET", "/client/credits", { headers: cookie });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.error).toBe("api_key_missing");

    const body = {
      ...VIN_SCOPE,
      minimumEvidence: "any",
      maxCandidates: 5,
      includeInsufficientCandidates: false,
    };
    const noToken = await http(svc.url, "POST", "/vin/economic-intelligence", {
      headers: cookie,
      idempotencyKey: idem(),
      body,
    });
    expect(noToken.status).toBe(403);
    expect(noToken.body.error).toBe("csrf_token_invalid");
    // One character changed (a token may itself begin with "x": 1 run in 64 sent it unchanged).
    const token = ok.body.csrfToken!;
    const altered = (token.startsWith("x") ? "y" : "x") + token.slice(1);
    const badToken = await http(svc.url, "POST", "/vin/economic-intelligence", {
      headers: { ...cookie, "X-CSRF-Token": altered },
      idempotencyKey: idem(),
      body,
    });
    expect(badToken.status).toBe(403);
    const withToken = await http(svc.url, "POST", "/vin/economic-intelligence", {
      headers: { ...cookie, "X-CSRF-Token": ok.body.csrfToken! },
      idempotencyKey: idem(),
      body,
    });
    expect(withToken.status, withToken.text).toBe(202);

    const forged = await http(svc.url, "GET", "/parts/intelligence?oeNumber=1J0698151", {
      headers: { Cookie: "__Host-service_session=forged" },
      idempotencyKey: idem(),
    });
    expect(forged.status).toBe(401);
    expect(forged.body.error).toBe("session_invalid");
    // Sessions end.
    svc.clock.advance(9 * 3_600_000);
    const expired = await http(svc.url, "GET", "/parts/intelligence?oeNumber=1J0698151", {
      headers: cookie,
      idempotencyKey: idem(),
    });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe("session_invalid");
  });

  it("declares the cookie scheme on the Intelligence operations and links the sign-in from the reference", async () => {
    const doc = buildOpenApiDocument("https://example.test") as unknown as {
      components: { securitySchemes: Record<string, { in?: string; name?: string }> };
      paths: Record<
        string,
        Record<string, { security?: Record<string, string[]>[]; parameters?: { name: string }[] }>
      >;
    };
    expect(doc.components.securitySchemes.ServiceSession).toMatchObject({
      in: "cookie",
      name: "__Host-service_session",
    });
    expect(doc.paths["/parts/intelligence"]!.get!.security).toEqual([
      { ApiKey: [] },
      { ServiceSession: [] },
    ]);
    const post = doc.paths["/vin/economic-intelligence"]!.post!;
    expect(post.parameters!.map((p) => p.name)).toContain("X-CSRF-Token");
    expect(doc.paths["/client/credits"]!.get!.security).toBeUndefined();
    const reference = await fetch(`${svc.url}/reference`);
    expect(await reference.text()).toContain("/pilot/sign-in");
  });
});
