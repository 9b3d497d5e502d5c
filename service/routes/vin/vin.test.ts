import { beforeAll, describe, expect, it } from "vitest";
import { jobAccepted, jobStatus } from "@/lib/api/contract/jobs";
import {
  cartCheckResponse,
  createRedirectSessionResponse,
  economicEvaluationResponse,
  vinPartsResponse,
  vinVehicleResponse,
} from "@/lib/api/contract/vin";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import { TEST_VINS } from "@/service/data/vehicle-catalog";

const svc = serviceForThisFile({ jobDurationMs: 3_000 });
let key: string;
beforeAll(() => {
  key = svc.keys["master-admin"];
});

const get = (path: string, k = key) => http(svc.url, "GET", path, { key: k });
const usage = async (endpointKey: string, k = key) =>
  (
    (await get("/client/usage", k)).body.endpoints as {
      endpointKey: string;
      calls: number;
      refunded: number;
    }[]
  ).find((e) => e.endpointKey === endpointKey);

describe("VIN rules", () => {
  it("refuses bad VINs with specific codes", async () => {
    for (const [vin, code] of [
      ["WVW", "invalid_vin"],
      ["WVWZZZ1KZ8W00000I", "invalid_vin"],
      ["wvwzzz1kz8w000001", "invalid_vin"],
      ["1HGCM82623A004352", "invalid_vin_check_digit"],
    ]) {
      const res = await get(`/vin/${vin}/vehicle`);
      expect(res.status, vin).toBe(400);
      expect(res.body.error, vin).toBe(code);
    }
    expect((await get(`/vin/${TEST_VINS.northAmerican}/vehicle`)).status).toBe(200);
  });

  it("answers a vehicle with manufacturer and model year from the VIN, and honours the include flags", async () => {
    const res = await get(`/vin/${TEST_VINS.immediate}/vehicle`);
    expect(res.status).toBe(200);
    const vehicle = vinVehicleResponse.parse(res.body);
    expect(vehicle).toMatchObject({
      vin: TEST_VINS.immediate,
      provider: 1,
      incomplete: false,
      vehicle: { manufacturer: "Volkswagen", modelYear: 2008 },
    });
    expect(vehicle.svcId).toMatch(/^svc_/);
    expect(vehicle.equipments?.length).toBeGreaterThan(0);
    const bare = await get(
      `/vin/${TEST_VINS.immediate}/vehicle?includeEquipments=false&includeColors=false&includeTechnical=false`,
    );
    expect(Object.keys(bare.body)).not.toContain("equipments");
    expect(Object.keys(bare.body)).not.toContain("technical");
    expect((await get(`/vin/${TEST_VINS.immediate}/vehicle?includeColors=maybe`)).status).toBe(400);
  });

  it("charges a VIN once a month for vehicle, parts and cart check together (VIN_MONTHLY_LOOKUP)", async () => {
    const vin = "WVWZZZ1KZ9W000777";
    const first = await get(`/vin/${vin}/vehicle`);
    expect(first.headers.get("x-service-billing-bundle")).toBe("VIN_MONTHLY_LOOKUP");
    expect(first.headers.get("x-service-billing-source")).toBe("plan");
    const parts = await get(`/vin/${vin}/parts`);
    expect(parts.headers.get("x-service-billing-source")).toBe("bundle");
    const cart = await http(svc.url, "POST", "/vin/cart-check", {
      key,
      body: { vin, mode: "type", oeNumbers: ["X1"] },
    });
    expect(cart.headers.get("x-service-billing-source")).toBe("bundle");
  });

  it("needs a redirect session for the browser-only provider", async () => {
    const res = await get(`/vin/${TEST_VINS.immediate}/vehicle?provider=3`);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("redirect_required");
  });

  it("answers 404 for the not-found test VIN, refunded", async () => {
    const before = await usage("vin_parts");
    const res = await get(`/vin/${TEST_VINS.notFound}/parts`);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("vin_not_found");
    expect((await usage("vin_parts"))!.refunded).toBe((before?.refunded ?? 0) + 1);
  });

  it("keeps one provider per VIN and Client", async () => {
    const vin = "WVWZZZ1KZ9W000888";
    expect((await get(`/vin/${vin}/parts?provider=1`)).status).toBe(200);
    const conflict = await get(`/vin/${vin}/parts?provider=2`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe("vin_provider_mismatch");
    expect((await get(`/vin/${TEST_VINS.boundToProvider2}/parts?provider=1`)).body.error).toBe(
      "vin_provider_mismatch",
    );
    expect((await get(`/vin/${TEST_VINS.boundToProvider2}/parts?provider=2`)).status).toBe(200);
  });
});

describe("VIN parts", () => {
  it("lists parts with svcGenArt and vdi; vdi=[] and a missing OE number are complete values", async () => {
    const parts = vinPartsResponse.parse((await get(`/vin/${TEST_VINS.immediate}/parts`)).body);
    expect(parts.missingCategories).toEqual([]);
    expect(parts.parts!.some((p) => p.number === null)).toBe(true);
    expect(parts.parts!.some((p) => p.vdi.length === 0)).toBe(true);
    const noVdi = vinPartsResponse.parse((await get(`/vin/${TEST_VINS.noVdi}/parts`)).body);
    expect(noVdi.parts!.every((p) => p.vdi.length === 0)).toBe(true);
    const missing = vinPartsResponse.parse(
      (await get(`/vin/${TEST_VINS.missingCategories}/parts`)).body,
    );
    expect(missing.missingCategories).toEqual(["electrics", "body"]);
  });

  it("answers 202 with a job whose Location is its statusUrl; polling follows queued, running, succeeded without new charges", async () => {
    const order = await get(`/vin/${TEST_VINS.job}/parts`);
    expect(order.status).toBe(202);
    const accepted = jobAccepted.parse(order.body);
    expect(order.headers.get("location")).toBe(accepted.statusUrl);
    expect(Number(order.headers.get("retry-after"))).toBe(accepted.retryAfterSeconds);
    const calls = (await usage("vin_parts"))!.calls;
    const poll = () => http(svc.url, "GET", new URL(accepted.statusUrl).pathname, { key });
    const schema = jobStatus(vinPartsResponse);

    const queued = await poll();
    expect(schema.parse(queued.body)).toMatchObject({
      status: "queued",
      retryAfterSeconds: expect.any(Number),
    });
    expect(queued.headers.get("retry-after")).toBeTruthy();
    svc.clock.advance(1_100);
    expect(schema.parse((await poll()).body).status).toBe("running");
    svc.clock.advance(2_000);
    const done = schema.parse((await poll()).body);
    expect(done.status).toBe("succeeded");
    expect(vinPartsResponse.parse(done.result).vin).toBe(TEST_VINS.job);
    expect((await poll()).body.status).toBe("succeeded");
    expect((await usage("vin_parts"))!.calls).toBe(calls);
  });

  it("reports a failed job in a 200 poll with an embedded error, and refunds the order", async () => {
    const before = (await usage("vin_parts"))!.refunded;
    const order = jobAccepted.parse((await get(`/vin/${TEST_VINS.jobFails}/parts`)).body);
    svc.clock.advance(3_100);
    const res = await http(svc.url, "GET", new URL(order.statusUrl).pathname, { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "failed",
      error: { code: "vin_parts_unavailable", message: expect.any(String) },
    });
    expect((await usage("vin_parts"))!.refunded).toBe(before + 1);
  });
});

describe("cart check", () => {
  it("keeps order and duplicates; fits=false is reliable only when complete", async () => {
    const known = (
      vinPartsResponse.parse((await get(`/vin/${TEST_VINS.immediate}/parts`)).body).parts ?? []
    ).find((p) => p.number)!.number!;
    const body = {
      vin: TEST_VINS.immediate,
      mode: "vehicle",
      oeNumbers: ["NOPE1", known, "NOPE1", known.toLowerCase()],
    };
    const res = await http(svc.url, "POST", "/vin/cart-check", { key, body });
    const cart = cartCheckResponse.parse(res.body);
    expect(cart.complete).toBe(true);
    expect(cart.results).toEqual([
      { oe: "NOPE1", fits: false },
      { oe: known, fits: true },
      { oe: "NOPE1", fits: false },
      { oe: known.toLowerCase(), fits: true },
    ]);
    const incomplete = cartCheckResponse.parse(
      (
        await http(svc.url, "POST", "/vin/cart-check", {
          key,
          body: { ...body, vin: TEST_VINS.incomplete },
        })
      ).body,
    );
    expect(incomplete.complete).toBe(false);
  });

  it("accepts 1 to 30 OE numbers", async () => {
    for (const oeNumbers of [[], Array(31).fill("X")]) {
      const res = await http(svc.url, "POST", "/vin/cart-check", {
        key,
        body: { vin: TEST_VINS.immediate, mode: "type", oeNumbers },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_oe_numbers");
    }
  });

  it("replays an ordered job for the same Idempotency-Key instead of ordering again", async () => {
    const send = () =>
      http(svc.url, "POST", "/vin/cart-check", {
        key,
        idempotencyKey: "cart-job-1",
        body: { vin: TEST_VINS.job, mode: "type", oeNumbers: ["A", "B"] },
      });
    const first = await send();
    expect(first.status).toBe(202);
    const again = await send();
    expect(again.status).toBe(202);
    expect(again.headers.get("x-service-idempotent-replay")).toBe("true");
    expect(again.headers.get("x-service-billing-source")).toBe("idempotent_replay");
    expect(again.body.jobId).toBe(first.body.jobId);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
  });
});

describe("economic evaluation", () => {
  it("validates every documented parameter range", async () => {
    for (const q of [
      "maxPricedParts=0",
      "maxPricedParts=101",
      "recoveryRate=0.04",
      "recoveryRate=1.1",
      "costPerPart=-1",
      "costPerPart=1001",
      "provider=2",
      "condition=broken",
      "vehicleType=truck",
    ]) {
      expect((await get(`/vin/${TEST_VINS.immediate}/economic-evaluation?${q}`)).status, q).toBe(
        400,
      );
    }
  });

  it("ranks priced parts within maxPricedParts with its assumptions and warnings attached", async () => {
    const res = await get(
      `/vin/${TEST_VINS.immediate}/economic-evaluation?maxPricedParts=2&recoveryRate=0.5&costPerPart=0&condition=new`,
    );
    const evaluation = economicEvaluationResponse.parse(res.body);
    expect(evaluation.parts.length).toBeLessThanOrEqual(2);
    expect(evaluation.assumptions).toMatchObject({
      condition: "new",
      recoveryRate: 0.5,
      maxPricedParts: 2,
    });
    expect(evaluation.warnings.length).toBeGreaterThan(0);
    expect((await get(`/vin/${TEST_VINS.job}/economic-evaluation`)).status).toBe(202);
  });
});

describe("technical record by svcId", () => {
  it("is readable by the Client that obtained the svcId only, and carries no VIN or equipment", async () => {
    const svcId = (await get(`/vin/${TEST_VINS.immediate}/vehicle`)).body.svcId as string;
    const mine = await get(`/vehicles/${svcId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.svcId).toBe(svcId);
    expect(mine.text).not.toContain(TEST_VINS.immediate);
    expect(Object.keys(mine.body)).not.toContain("equipments");
    expect((await get(`/vehicles/${svcId}`, svc.keys["sub-user"])).body.error).toBe(
      "vehicle_not_found",
    );
    expect((await get("/vehicles/svc_unknown")).status).toBe(404);
  });
});

describe("redirect sessions", () => {
  const create = (body: unknown, k = key) =>
    http(svc.url, "POST", "/vin/redirect-sessions", { key: k, body });

  it("accept a partial VIN and an https return address, and answer only redirectUrl and expiresAt", async () => {
    const res = await create({
      vin: "WVWZZ",
      returnUrl: "https://dealer.example/cb?x=1",
      state: "s-1",
    });
    expect(res.status).toBe(200);
    const session = createRedirectSessionResponse.parse(res.body);
    expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now());
  });

  it("refuse bad return addresses, long states and short VINs with their codes", async () => {
    const cases: [unknown, string][] = [
      [{ vin: "WV", returnUrl: "https://d.example/cb" }, "invalid_vin"],
      [{ vin: "WVW", returnUrl: "https://u:p@d.example/cb" }, "invalid_return_url"],
      [{ vin: "WVW", returnUrl: "https://d.example/cb#frag" }, "invalid_return_url"],
      [{ vin: "WVW", returnUrl: "/relative" }, "invalid_return_url"],
      [{ vin: "WVW", returnUrl: "http://dealer.example/cb" }, "invalid_return_url"],
      [{ vin: "WVW", returnUrl: "http://127.0.0.1:3000/cb" }, "invalid_return_url"],
      [{ vin: "WVW", returnUrl: "https://d.example/cb", state: "s".repeat(513) }, "invalid_state"],
    ];
    for (const [body, code] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe(code);
    }
    expect(
      (await create({ vin: "WVW", returnUrl: "http://127.0.0.1:3000/cb" }, svc.keys.sandbox))
        .status,
    ).toBe(200);
  });

  async function openSession(body: object) {
    const session = createRedirectSessionResponse.parse((await create(body)).body);
    const page = await fetch(session.redirectUrl);
    return { session, html: await page.text(), page };
  }
  const submit = (url: string, fields: Record<string, string>) =>
    fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });

  it("takes only its own form: urlencoded, each field once, the candidate a plain index", async () => {
    const { session } = await openSession({
      vin: TEST_VINS.immediate,
      returnUrl: "https://dealer.example/cb",
    });
    const multipart = new FormData();
    multipart.set("action", "confirm");
    multipart.set("candidate", "0");
    for (const body of [
      multipart,
      "action=cancel&action=confirm&candidate=0",
      "action=confirm&candidate=0x0",
      "action=confirm&candidate=%200",
      "action=confirm&candidate=",
    ]) {
      const answer = await fetch(session.redirectUrl, {
        method: "POST",
        body,
        headers:
          typeof body === "string" ? { "Content-Type": "application/x-www-form-urlencoded" } : {},
        redirect: "manual",
      });
      expect(answer.status, String(body)).toBe(200);
      expect(await answer.text(), String(body)).toMatch(
        /not understood|Choose one of the vehicles/,
      );
    }
    const plain = await fetch(session.redirectUrl, {
      method: "POST",
      body: "action=confirm&candidate=0",
      headers: { "Content-Type": "text/plain" },
      redirect: "manual",
    });
    expect(await plain.text()).toContain("not understood");
    // Still open: the proper form confirms it.
    expect((await submit(session.redirectUrl, { action: "confirm", candidate: "0" })).status).toBe(
      303,
    );
  });

  it("lets the user confirm a candidate and sends status, svcId and state back, never the VIN", async () => {
    const { session, html, page } = await openSession({
      vin: TEST_VINS.immediate,
      returnUrl: "https://dealer.example/cb?from=console",
      state: "abc 123",
    });
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(html).toContain("Confirm vehicle");
    const answer = await submit(session.redirectUrl, { action: "confirm", candidate: "0" });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get("location")!);
    expect(location.origin + location.pathname).toBe("https://dealer.example/cb");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      from: "console",
      status: "completed",
      svcId: expect.stringMatching(/^svc_/),
      state: "abc 123",
    });
    expect(location.toString()).not.toContain(TEST_VINS.immediate);
    expect((await get(`/vehicles/${location.searchParams.get("svcId")}`)).status).toBe(200);
    expect(
      (await get(`/vehicles/${location.searchParams.get("svcId")}`, svc.keys["sub-user"])).status,
    ).toBe(404);

    const reused = await submit(session.redirectUrl, { action: "confirm", candidate: "0" });
    expect(reused.status).toBe(200);
    expect(await reused.text()).toContain("already used");
  });

  it("offers several candidates for a partial VIN, and cancels without svcId; an empty state is left out", async () => {
    const { session, html } = await openSession({
      vin: "WVWZZZ1K",
      returnUrl: "https://dealer.example/cb",
      state: "",
    });
    expect(html.match(/type="radio"/g)).toHaveLength(3);
    const answer = await submit(session.redirectUrl, { action: "cancel" });
    const location = new URL(answer.headers.get("location")!);
    expect(Object.fromEntries(location.searchParams)).toEqual({ status: "cancelled" });
  });

  it("cannot be used after expiresAt", async () => {
    const { session } = await openSession({
      vin: TEST_VINS.immediate,
      returnUrl: "https://dealer.example/cb",
    });
    svc.clock.advance(901_000);
    expect(await (await fetch(session.redirectUrl)).text()).toContain("expired");
    const late = await submit(session.redirectUrl, { action: "confirm", candidate: "0" });
    expect(late.status).toBe(200);
    expect(await late.text()).toContain("expired");
  });
});

describe("part-image generation", () => {
  it("answers at once, as a job that succeeds, or as a job that fails, by documented OE number", async () => {
    const post = (oeNumber: string) =>
      http(svc.url, "POST", "/vision/part/generate", { key, body: { oeNumber } });
    const now = await post("03L 115 562");
    expect(now.status).toBe(200);
    expect(now.body).toMatchObject({ oeNumber: "03L115562", synthetic: true });
    const job = jobAccepted.parse((await post("1K0615301AA")).body);
    const failing = jobAccepted.parse((await post("6Q0407151L")).body);
    svc.clock.advance(3_100);
    expect(
      (await http(svc.url, "GET", new URL(job.statusUrl).pathname, { key })).body,
    ).toMatchObject({ status: "succeeded", result: { oeNumber: "1K0615301AA" } });
    expect(
      (await http(svc.url, "GET", new URL(failing.statusUrl).pathname, { key })).body,
    ).toMatchObject({ status: "failed", error: { code: "generation_failed" } });
    expect((await post("NOPE12345")).body.error).toBe("oe_part_not_found");
  });
});

describe("Intelligence pilot gating", () => {
  it("answers 503 for VIN Economic Intelligence and the documented error where a refresh would be needed", async () => {
    const scope = {
      vin: TEST_VINS.immediate,
      marketCountry: "DE",
      currency: "EUR",
      condition: "used",
      windowDays: 90,
      asOf: "2026-11-01T00:00:00Z",
      minimumEvidence: "any",
      freshnessPolicy: "allow_stale",
      maxCandidates: 10,
      includeInsufficientCandidates: false,
    };
    const vinIntel = await http(svc.url, "POST", "/vin/economic-intelligence", {
      key,
      idempotencyKey: "intel-1",
      body: scope,
    });
    expect(vinIntel.status).toBe(503);
    expect(vinIntel.body.error).toBe("vin_economic_intelligence_disabled");
    const part = await http(svc.url, "GET", "/parts/intelligence?oeNumber=1K0615301AA", {
      key,
      idempotencyKey: "intel-2",
    });
    expect(part.status).toBe(409);
    expect(part.body.error).toBe("intelligence_refresh_required");
    const unknown = await http(svc.url, "GET", "/parts/intelligence?oeNumber=ZZZ99999", {
      key,
      idempotencyKey: "intel-3",
    });
    expect(unknown.body.error).toBe("cluster_not_found");
  });
});
