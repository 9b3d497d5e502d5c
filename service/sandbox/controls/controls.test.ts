import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ERROR_CATALOGUE, type ErrorCode } from "@/lib/api/contract/errors";
import { OPERATIONS } from "@/lib/api/contract/operations";
import { schema } from "@/service/db/database";
import {
  balanceOf as balanceOfClient,
  payingSubUser as paying,
} from "@/test/support/paying-sub-user";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import { createLogger } from "@/lib/log/logger";
import {
  clockView,
  controlsIndex,
  faultRuleList,
  injectableOperationList,
  instanceClockView,
  journalPage,
  SANDBOX_CONTROLS_PREFIX,
} from "@/lib/api/contract/sandbox-controls";
import { buildSandboxControlsDocument } from "../controls-openapi";
import { injectableErrors } from "../fault-rules";
import { CONTROL_ROUTES } from "./controls.routes";
import { RequestJournal } from "../journal";

const svc = serviceForThisFile();
const admin = () => svc.keys["master-admin"];
const operator = () => ({ Authorization: `Bearer ${svc.sandboxToken}` });

const payingSubUser = (balanceMinor = 10_000) =>
  paying(svc, { balanceMinor, name: "Sandbox payer" });

async function masterId() {
  return (await http<{ clientId: string }>(svc.url, "GET", "/client/credits", { key: admin() }))
    .body.clientId;
}

const addRule = (body: unknown, key = admin()) =>
  http<{ id: string; firedCount: number }>(svc.url, "POST", "/_sandbox/fault-rules", {
    key,
    body,
  });

async function removeAllRules() {
  const list = await http<{ faultRules: { id: string }[] }>(
    svc.url,
    "GET",
    "/_sandbox/fault-rules",
    { key: admin() },
  );
  for (const rule of list.body.faultRules)
    await http(svc.url, "DELETE", `/_sandbox/fault-rules/${rule.id}`, { key: admin() });
}

const balanceOf = (clientId: string) => balanceOfClient(svc, clientId);

const translate = (key: string) =>
  http(svc.url, "GET", "/translation/translations?sourceLanguage=de&text=Bremsscheibe", { key });

describe("the controls' contract", () => {
  it("answers in the shared shapes, and stays out of the interface's OpenAPI document", async () => {
    const key = admin();
    expect(controlsIndex.parse((await http(svc.url, "GET", "/_sandbox")).body).keys).toBe("all");
    clockView.parse((await http(svc.url, "GET", "/_sandbox/clock", { key })).body);
    faultRuleList.parse((await http(svc.url, "GET", "/_sandbox/fault-rules", { key })).body);
    journalPage.parse((await http(svc.url, "GET", "/_sandbox/journal", { key })).body);
    const ops = injectableOperationList.parse(
      (await http(svc.url, "GET", "/_sandbox/operations", { key })).body,
    );
    expect(ops.operations.find((o) => o.operationId === "getPartSeo")?.errors).toEqual(
      expect.arrayContaining([{ code: "seo_live_requests_paused", status: 429, retryable: true }]),
    );
    const own = await http<{ paths: Record<string, unknown> }>(
      svc.url,
      "GET",
      "/_sandbox/openapi.json",
    );
    expect(Object.keys(own.body.paths)).toContain("/_sandbox/fault-rules");
    const iface = await http(svc.url, "GET", "/openapi.json");
    expect(iface.text).not.toContain("/_sandbox");
  });
});

describe("who may use the sandbox controls", () => {
  it("refuses anyone without the operator token or a Master's key, with an error body", async () => {
    const none = await http(svc.url, "GET", "/_sandbox/fault-rules");
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: "api_key_missing" });
    expect(typeof none.body.message).toBe("string");

    const wrong = await http(svc.url, "GET", "/_sandbox/fault-rules", {
      headers: { Authorization: "Bearer not-the-token" },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe("api_key_invalid");

    const sub = await http(svc.url, "GET", "/_sandbox/clock", { key: svc.keys["sub-user"] });
    expect(sub.status).toBe(403);
    expect(sub.body.error).toBe("master_client_required");

    const unnamed = await http(svc.url, "GET", "/_sandbox/journal", { headers: operator() });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body).toMatchObject({ error: "invalid_request" });

    // Another Master's family, or a Sub-user of its own family named as a Master: never.
    for (const masterId of ["cl_demo_sonnenschein", "cl_demo_hamburg"]) {
      const other = await http(svc.url, "GET", `/_sandbox/clock?masterId=${masterId}`, {
        key: admin(),
      });
      expect(other.status).toBe(403);
      expect(other.body).toMatchObject({ error: "sandbox_controls_forbidden" });
    }

    const named = await http(svc.url, "GET", `/_sandbox/clock?masterId=${await masterId()}`, {
      headers: operator(),
    });
    expect(named.status).toBe(200);
    expect(named.headers.get("cache-control")).toBe("no-store");
  });
});

describe("fault rules", () => {
  it("refuse a rule the contract does not allow, naming the field", async () => {
    const unknown = await addRule({
      operationId: "noSuchOperation",
      effect: { kind: "drop_before" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: "invalid_request" });
    expect(JSON.stringify(unknown.body)).toContain("operationId");

    const undocumented = await addRule({
      operationId: "translatePartName",
      effect: { kind: "error", code: "seo_live_requests_paused" },
    });
    expect(undocumented.status).toBe(400);
    expect(JSON.stringify(undocumented.body)).toContain("effect.code");

    const list = await http<{ faultRules: unknown[] }>(svc.url, "GET", "/_sandbox/fault-rules", {
      key: admin(),
    });
    expect(list.body.faultRules).toHaveLength(0);
  });

  it("inject every documented error of an operation exactly as the catalogue has it, uncharged", async () => {
    const payer = await payingSubUser();
    const op = OPERATIONS.translatePartName;
    for (const code of injectableErrors(op)) {
      const rule = await addRule({
        operationId: "translatePartName",
        effect: { kind: "error", code, retryAfterSeconds: 7 },
        times: 1,
      });
      expect(rule.status, code).toBe(201);
      const res = await translate(payer.key);
      const entry = ERROR_CATALOGUE[code as ErrorCode];
      expect(res.status, code).toBe(entry.status);
      expect(res.body.error, code).toBe(code);
      expect(typeof res.body.message).toBe("string");
      expect(res.headers.get("retry-after"), code).toBe(entry.retryable ? "7" : null);
      if (code === "rate_limit_exceeded") expect(res.body.retryAfterSeconds).toBe(7);
      if (entry.status === 400) expect(Array.isArray(res.body.issues), code).toBe(true);
    }
    // Nothing was charged for an injected error; a rule limited to one call fired once, so the
    // next call is served (and charged).
    expect(await balanceOf(payer.id)).toBe(10_000);
    expect((await translate(payer.key)).status).toBe(200);
    expect(await balanceOf(payer.id)).toBeLessThan(10_000);
    await removeAllRules();
  });

  it("give the live-pause headers and body of the parts article operation", async () => {
    await addRule({
      operationId: "getPartSeo",
      effect: { kind: "error", code: "seo_live_requests_paused", retryAfterSeconds: 120 },
      times: 1,
    });
    const res = await http(svc.url, "GET", "/parts/oe/1K0615301AA/seo?marketplaceId=MARKET_FR", {
      key: admin(),
    });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe("seo_live_requests_paused");
    expect(res.headers.get("retry-after")).toBe("120");
    const at = res.headers.get("x-service-live-available-at");
    expect(at).not.toBeNull();
    expect(res.body.liveAvailability).toMatchObject({ status: "paused", availableAt: at });
    await removeAllRules();
  });

  it("fire on the next N calls across instances, count them, and can be removed", async () => {
    const sibling = await svc.startSibling();
    const payer = await payingSubUser();
    const rule = await addRule({
      operationId: "translatePartName",
      effect: { kind: "error", code: "service_unavailable" },
      times: 2,
    });
    expect((await translate(payer.key)).status).toBe(503);
    const second = await http(
      sibling.url,
      "GET",
      "/translation/translations?sourceLanguage=de&text=Bremsscheibe",
      { key: payer.key },
    );
    expect(second.status).toBe(503);
    expect((await translate(payer.key)).status).toBe(200);
    const list = await http<{
      faultRules: { id: string; firedCount: number; remaining: number }[];
    }>(svc.url, "GET", "/_sandbox/fault-rules", { key: admin() });
    expect(list.body.faultRules).toEqual([
      expect.objectContaining({ id: rule.body.id, firedCount: 2, remaining: 0 }),
    ]);
    expect(
      (await http(svc.url, "DELETE", `/_sandbox/fault-rules/${rule.body.id}`, { key: admin() }))
        .status,
    ).toBe(204);
    const again = await http(svc.url, "DELETE", `/_sandbox/fault-rules/${rule.body.id}`, {
      key: admin(),
    });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe("not_found");
  });

  it("add latency to a call", async () => {
    await addRule({
      operationId: "getSystemStatus",
      effect: { kind: "latency", ms: 300 },
      times: 1,
    });
    const started = performance.now();
    const slowed = http(svc.url, "GET", "/ping", { key: admin() });
    // The slowed call is active all along: its Client is busy (a ping without a rule holds it
    // only while it is admitted).
    await new Promise((resolve) => setTimeout(resolve, 150));
    const meanwhile = await http(svc.url, "GET", "/ping", { key: admin() });
    expect(meanwhile.status).toBe(429);
    expect(meanwhile.body.error).toBe("client_request_in_progress");
    expect((await slowed).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    await removeAllRules();
  });

  it("drop a call before it does anything: no answer, no charge", async () => {
    const payer = await payingSubUser();
    await addRule({ operationId: "translatePartName", effect: { kind: "drop_before" }, times: 1 });
    await expect(
      fetch(`${svc.url}/translation/translations?sourceLanguage=de&text=Bremsscheibe`, {
        headers: { "X-Api-Key": payer.key },
      }),
    ).rejects.toThrow();
    expect(await balanceOf(payer.id)).toBe(10_000);
    const journal = await http<{ entries: Record<string, unknown>[] }>(
      svc.url,
      "GET",
      "/_sandbox/journal?faulted=true&operationId=translatePartName&limit=1",
      { key: admin() },
    );
    expect(journal.body.entries[0]).toMatchObject({
      clientId: payer.id,
      status: null,
      delivered: false,
      chargedMinor: null,
    });
  });

  it("drop a call after it committed: charged, stored, and its answer retrievable by replay", async () => {
    const payer = await payingSubUser();
    await addRule({
      operationId: "createVinRedirectSession",
      effect: { kind: "drop_after_commit" },
      times: 1,
    });
    const body = { vin: "WVWZZZ1KZAW000003", returnUrl: "https://dealer.example/callback" };
    await expect(
      fetch(`${svc.url}/vin/redirect-sessions`, {
        method: "POST",
        headers: {
          "X-Api-Key": payer.key,
          "Content-Type": "application/json",
          "Idempotency-Key": "lost-answer-1",
        },
        body: JSON.stringify(body),
      }),
    ).rejects.toThrow();
    const charged = 10_000 - (await balanceOf(payer.id));
    expect(charged).toBeGreaterThan(0);
    const replay = await http(svc.url, "POST", "/vin/redirect-sessions", {
      key: payer.key,
      body,
      idempotencyKey: "lost-answer-1",
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("x-service-idempotent-replay")).toBe("true");
    expect(10_000 - (await balanceOf(payer.id))).toBe(charged);
    const journal = await http<{ entries: Record<string, unknown>[] }>(
      svc.url,
      "GET",
      "/_sandbox/journal?operationId=createVinRedirectSession&limit=2",
      { key: admin() },
    );
    expect(journal.body.entries).toEqual([
      expect.objectContaining({ status: 200, delivered: true, faultRuleId: null }),
      expect.objectContaining({
        status: 200,
        delivered: false,
        idempotencyKey: "lost-answer-1",
        chargedMinor: charged,
        // Kept for its replay: charged, not refunded.
        refunded: false,
      }),
    ]);
  });
});

describe("a dropped answer without an Idempotency-Key", () => {
  it("is refunded, as any answer its caller never got", async () => {
    const payer = await payingSubUser();
    await addRule({
      operationId: "translatePartName",
      effect: { kind: "drop_after_commit" },
      times: 1,
    });
    await expect(
      fetch(`${svc.url}/translation/translations?sourceLanguage=de&text=Bremsscheibe`, {
        headers: { "X-Api-Key": payer.key },
      }),
    ).rejects.toThrow();
    await expect.poll(() => balanceOf(payer.id), { timeout: 5_000 }).toBe(10_000);
    const [event] = await svc.service.database.db
      .select({ status: schema.usageEvents.status })
      .from(schema.usageEvents)
      .where(eq(schema.usageEvents.clientId, payer.id));
    expect(event?.status).toBe("refunded");
    const journal = await http<{ entries: Record<string, unknown>[] }>(
      svc.url,
      "GET",
      "/_sandbox/journal?faulted=true&operationId=translatePartName&limit=1",
      { key: admin() },
    );
    // As it ended: undelivered, and its charge given back.
    expect(journal.body.entries[0]).toMatchObject({
      clientId: payer.id,
      delivered: false,
      refunded: true,
    });
    // A call answered after it is charged, not refunded (the flag is the call's own).
    expect((await translate(payer.key)).status).toBe(200);
    const after = await http<{ entries: Record<string, unknown>[] }>(
      svc.url,
      "GET",
      "/_sandbox/journal?faulted=false&operationId=translatePartName&limit=1",
      { key: admin() },
    );
    expect(after.body.entries[0]).toMatchObject({
      clientId: payer.id,
      delivered: true,
      refunded: false,
    });
  });
});

describe("a replay in the journal", () => {
  it("names its billing source as the caller got it", async () => {
    const payer = await payingSubUser();
    const body = { vin: "WVWZZZ1KZAW000004", returnUrl: "https://dealer.example/callback" };
    const send = () =>
      http(svc.url, "POST", "/vin/redirect-sessions", {
        key: payer.key,
        body,
        idempotencyKey: "journal-replay-1",
      });
    expect((await send()).status).toBe(200);
    const replay = await send();
    expect(replay.headers.get("x-service-billing-source")).toBe("idempotent_replay");
    const journal = await http<{ entries: Record<string, unknown>[] }>(
      svc.url,
      "GET",
      "/_sandbox/journal?operationId=createVinRedirectSession&limit=1",
      { key: admin() },
    );
    expect(journal.body.entries[0]).toMatchObject({
      requestId: replay.headers.get("x-request-id"),
      billingSource: "idempotent_replay",
      chargedMinor: null,
    });
  });
});

describe("a job failure rule", () => {
  it("fails the job a call starts with the given embedded error, and is refused where no job can come", async () => {
    const refused = await addRule({
      operationId: "getSystemStatus",
      effect: { kind: "job_failure", code: "supplier_timeout", message: "No answer in time." },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("effect.kind");

    const payer = await payingSubUser();
    await addRule({
      operationId: "getPartsByVin",
      effect: { kind: "job_failure", code: "supplier_timeout", message: "No answer in time." },
      times: 1,
    });
    const order = await http<{ statusUrl: string }>(
      svc.url,
      "GET",
      "/vin/WVWZZZ1KZ8W000202/parts",
      { key: payer.key },
    );
    expect(order.status).toBe(202);
    // The job runs on the Master's clock: moving it finishes the job at once.
    await http(svc.url, "POST", "/_sandbox/clock/advance", { key: admin(), body: { seconds: 60 } });
    const polled = await http<{ status: string; error: { code: string; message: string } }>(
      svc.url,
      "GET",
      new URL(order.body.statusUrl).pathname,
      { key: payer.key },
    );
    expect(polled.body.status).toBe("failed");
    expect(polled.body.error).toEqual({ code: "supplier_timeout", message: "No answer in time." });
    // As for any failed job, the order is refunded.
    expect(await balanceOf(payer.id)).toBe(10_000);
    await removeAllRules();
  });
});

describe("the request journal", () => {
  it("filters by status and keeps no key", async () => {
    const res = await http<{ entries: Record<string, unknown>[] }>(
      svc.url,
      "GET",
      "/_sandbox/journal?status=503&limit=200",
      { key: admin() },
    );
    expect(res.body.entries.length).toBeGreaterThan(0);
    expect(res.body.entries.every((e) => e.status === 503)).toBe(true);
    const all = await http(svc.url, "GET", "/_sandbox/journal?limit=200", { key: admin() });
    for (const key of Object.values(svc.keys)) expect(all.text).not.toContain(key);
    const bad = await http(svc.url, "GET", "/_sandbox/journal?limit=5000", { key: admin() });
    expect(bad.status).toBe(400);
  });
});

describe("the journal's bounds", () => {
  it("keeps each Master's last entries only, and gives up entries beyond its buffer", async () => {
    const { db, pool } = svc.service.database;
    const journal = new RequestJournal(db, pool, createLogger("test", "error"), 3, 4, 1_000, 0);
    const entry = (n: number) => ({
      masterClientId: "cl_journal_bounds",
      clientId: "cl_journal_bounds",
      requestId: `r${n}`,
      at: new Date(),
      operationId: "getSystemStatus",
      status: 200,
      durationMs: n,
    });
    for (let n = 1; n <= 6; n++) journal.record(entry(n));
    expect(journal.dropped).toBe(2);
    const kept = await journal.read("cl_journal_bounds", { limit: 10 });
    expect(kept.map((r) => r.requestId)).toEqual(["r4", "r3", "r2"]);
    await journal.close();
  });

  it("holds for what is read, before any pruning has run", async () => {
    const { db, pool } = svc.service.database;
    const journal = new RequestJournal(
      db,
      pool,
      createLogger("test", "error"),
      3,
      100,
      1_000,
      3_600_000,
    );
    // The first write prunes; the next pruning is due only an hour later.
    journal.record({
      masterClientId: "cl_journal_read_bound",
      clientId: "cl_journal_read_bound",
      requestId: "r0",
      at: new Date(),
      operationId: "getSystemStatus",
      status: 200,
      durationMs: 0,
    });
    await journal.flush();
    for (let n = 1; n <= 6; n++)
      journal.record({
        masterClientId: "cl_journal_read_bound",
        clientId: "cl_journal_read_bound",
        requestId: `r${n}`,
        at: new Date(),
        operationId: "getSystemStatus",
        status: 200,
        durationMs: n,
      });
    await journal.flush();
    const [stored] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.sandboxJournal)
      .where(eq(schema.sandboxJournal.masterClientId, "cl_journal_read_bound"));
    expect(stored!.n).toBe(7);
    const read = await journal.read("cl_journal_read_bound", { limit: 10 });
    expect(read.map((r) => r.requestId)).toEqual(["r6", "r5", "r4"]);
    const older = await journal.read("cl_journal_read_bound", { limit: 10, before: read[2]!.id });
    expect(older).toEqual([]);
  });
});

describe("a Master's test clock", () => {
  it("moves only forward, and its Sub-users' idempotency retention follows it", async () => {
    const payer = await payingSubUser();
    const start = await http<{ now: string; offsetSeconds: number }>(
      svc.url,
      "GET",
      "/_sandbox/clock",
      { key: admin() },
    );
    expect(start.status).toBe(200);
    const back = await http(svc.url, "POST", "/_sandbox/clock/advance", {
      key: admin(),
      body: { to: "2001-01-01T00:00:00Z" },
    });
    expect(back.status).toBe(400);
    expect(JSON.stringify(back.body)).toContain("never goes back");

    const body = { vin: "WVWZZZ1KZAW000004", returnUrl: "https://dealer.example/callback" };
    const call = () =>
      http(svc.url, "POST", "/vin/redirect-sessions", {
        key: payer.key,
        body,
        idempotencyKey: "clock-1",
      });
    expect((await call()).status).toBe(200);
    const advance = (seconds: number) =>
      http<{ now: string; offsetSeconds: number }>(svc.url, "POST", "/_sandbox/clock/advance", {
        key: admin(),
        body: { seconds },
      });
    const day = await advance(23 * 3600);
    expect(day.status).toBe(200);
    expect(Date.parse(day.body.now) - Date.parse(start.body.now)).toBeGreaterThanOrEqual(
      23 * 3600 * 1000,
    );
    expect((await call()).headers.get("x-service-idempotent-replay")).toBe("true");
    await advance(2 * 3600);
    const fresh = await call();
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("x-service-idempotent-replay")).toBeNull();
  });
});

describe("what follows a Master's test clock", () => {
  const advance = (body: unknown) =>
    http<{ now: string }>(svc.url, "POST", "/_sandbox/clock/advance", { key: admin(), body });

  it("starts a new billing period with a fresh plan quota past the month's end", async () => {
    const key = admin();
    let source: string | null = "plan";
    for (let i = 0; i < 15 && source === "plan"; i++)
      source = (await translate(key)).headers.get("x-service-billing-source");
    expect(source).toBe("balance");
    type Usage = { period: { start: string }; plans: { endpoint_key: string; used: number }[] };
    const before = await http<Usage>(svc.url, "GET", "/client/usage", { key });
    const clock = await http<{ now: string }>(svc.url, "GET", "/_sandbox/clock", { key });
    const now = new Date(clock.body.now);
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 1));
    expect((await advance({ to: nextMonth.toISOString() })).status).toBe(200);

    const first = await translate(key);
    expect(first.headers.get("x-service-billing-source")).toBe("plan");
    const after = await http<Usage>(svc.url, "GET", "/client/usage", { key });
    expect(Date.parse(after.body.period.start)).toBeGreaterThan(
      Date.parse(before.body.period.start),
    );
    expect(after.body.plans.find((p) => p.endpoint_key === "translation")?.used).toBe(1);
    // The old period's calls stay readable as history in the journal, by their clock times.
    const history = await http<{ entries: { at: string; billingSource: string | null }[] }>(
      svc.url,
      "GET",
      "/_sandbox/journal?operationId=translatePartName&limit=200",
      { key },
    );
    const periodStart = Date.parse(after.body.period.start);
    const old = history.body.entries.filter((e) => Date.parse(e.at) < periodStart);
    expect(old.some((e) => e.billingSource === "balance")).toBe(true);
    expect(old.some((e) => e.billingSource === "plan")).toBe(true);
  });

  it("never moves another family's grant: its cap follows the instance's clock, not the beneficiary's", async () => {
    const put = await http(svc.url, "PUT", "/client/sponsorship-grants/sonnenschein-cap", {
      key: admin(),
      body: {
        beneficiaryClientId: "cl_demo_sonnenschein",
        endpointKeys: ["parts_normalize"],
        monthlyCapMinor: 2,
      },
    });
    expect(put.status).toBe(200);
    const normalize = () =>
      http(svc.url, "GET", "/parts/oe/normalize?oeNumber=03L115562", {
        key: svc.keys.beneficiary,
      });
    let covered = 0;
    for (let i = 0; i < 5 && (await normalize()).status === 200; i++) covered++;
    expect(covered).toBeGreaterThan(0);
    expect((await normalize()).body.error).toBe("insufficient_credit");
    type Listed = {
      sponsorshipGrants: { reference: string; coverage: { coveredCalls: number } }[];
    };
    const coveredForSponsor = async () =>
      (
        await http<Listed>(svc.url, "GET", "/client/sponsorship-grants", { key: admin() })
      ).body.sponsorshipGrants.find((g) => g.reference === "sonnenschein-cap")!.coverage
        .coveredCalls;
    expect(await coveredForSponsor()).toBe(covered);

    // The beneficiary moves its own clock past its month's end: the sponsor's cap stays used up.
    const clock = await http<{ now: string }>(svc.url, "GET", "/_sandbox/clock", {
      key: svc.keys.beneficiary,
    });
    const now = new Date(clock.body.now);
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 1));
    const moved = await http(svc.url, "POST", "/_sandbox/clock/advance", {
      key: svc.keys.beneficiary,
      body: { to: nextMonth.toISOString() },
    });
    expect(moved.status).toBe(200);
    expect((await normalize()).body.error).toBe("insufficient_credit");
    expect(await coveredForSponsor()).toBe(covered);
    const received = await http<Listed>(svc.url, "GET", "/client/sponsorship-grants/received", {
      key: svc.keys.beneficiary,
    });
    // Both sides see the grant in the same month: the instance's.
    expect(
      received.body.sponsorshipGrants.find((g) => g.reference === "sonnenschein-cap")!.coverage
        .coveredCalls,
    ).toBe(covered);

    // The instance's clock (the operator's) moves every family: the cap starts afresh.
    const instance = await http<{ now: string }>(svc.url, "GET", "/_sandbox/instance-clock", {
      headers: operator(),
    });
    const at = new Date(instance.body.now);
    const instanceNextMonth = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1, 1));
    expect(
      (
        await http(svc.url, "POST", "/_sandbox/instance-clock/advance", {
          headers: operator(),
          body: { to: instanceNextMonth.toISOString() },
        })
      ).status,
    ).toBe(200);
    const fresh = await normalize();
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("x-service-sponsorship-grant")).toBe("sonnenschein-cap");
    expect(await coveredForSponsor()).toBe(1);
  });

  it("gives a grant within one family its cap afresh past the month's end of the family's clock", async () => {
    const payer = await payingSubUser(0);
    const put = await http(svc.url, "PUT", "/client/sponsorship-grants/in-family-cap", {
      key: admin(),
      body: {
        beneficiaryClientId: payer.id,
        endpointKeys: ["parts_normalize"],
        monthlyCapMinor: 2,
      },
    });
    expect(put.status).toBe(200);
    const normalize = () =>
      http(svc.url, "GET", "/parts/oe/normalize?oeNumber=03L115562", { key: payer.key });
    let covered = 0;
    for (let i = 0; i < 5 && (await normalize()).status === 200; i++) covered++;
    expect(covered).toBeGreaterThan(0);
    expect((await normalize()).body.error).toBe("insufficient_credit");
    const clock = await http<{ now: string }>(svc.url, "GET", "/_sandbox/clock", { key: admin() });
    const now = new Date(clock.body.now);
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 1));
    await http(svc.url, "POST", "/_sandbox/clock/advance", {
      key: admin(),
      body: { to: nextMonth.toISOString() },
    });
    const fresh = await normalize();
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("x-service-sponsorship-grant")).toBe("in-family-cap");
  });

  it("expires a dealer's redirect session on the Master's clock", async () => {
    const payer = await payingSubUser();
    const created = await http<{ redirectUrl: string }>(svc.url, "POST", "/vin/redirect-sessions", {
      key: payer.key,
      body: { vin: "WVWZZZ1KZAW000005", returnUrl: "https://dealer.example/callback" },
    });
    expect(created.status).toBe(200);
    const page = async () => (await fetch(created.body.redirectUrl)).text();
    expect(await page()).toContain("Confirm the vehicle");
    await advance({ seconds: 16 * 60 });
    expect(await page()).toContain("has expired");
  });
});

// Last in this file: the instance clock moves every Master's time.
describe("the instance clock", () => {
  it("is the operator's only, and moves every Master's time, remembered callers included", async () => {
    const mine = await http(svc.url, "GET", "/_sandbox/instance-clock", { key: admin() });
    expect(mine.status).toBe(403);
    expect(mine.body.error).toBe("insufficient_scope");

    const payer = await payingSubUser();
    const body = { vin: "WVWZZZ1KZAW000006", returnUrl: "https://dealer.example/callback" };
    const call = () =>
      http(svc.url, "POST", "/vin/redirect-sessions", {
        key: payer.key,
        body,
        idempotencyKey: "instance-1",
      });
    expect((await call()).status).toBe(200);
    expect((await call()).headers.get("x-service-idempotent-replay")).toBe("true");
    const masterBefore = await http<{ now: string }>(svc.url, "GET", "/_sandbox/clock", {
      key: admin(),
    });

    const moved = await http<{ now: string; offsetSeconds: number }>(
      svc.url,
      "POST",
      "/_sandbox/instance-clock/advance",
      { headers: operator(), body: { seconds: 25 * 3600 } },
    );
    expect(moved.status).toBe(200);
    expect(instanceClockView.parse(moved.body).offsetSeconds).toBeGreaterThanOrEqual(25 * 3600);
    const masterAfter = await http<{ now: string }>(svc.url, "GET", "/_sandbox/clock", {
      key: admin(),
    });
    expect(
      Date.parse(masterAfter.body.now) - Date.parse(masterBefore.body.now),
    ).toBeGreaterThanOrEqual(25 * 3600 * 1000);
    // The payer's caller was remembered before the move; its key's retention has passed now.
    const fresh = await call();
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("x-service-idempotent-replay")).toBeNull();
  });
});

describe("the controls' routes", () => {
  it("documents every route it mounts, and mounts every route it documents", () => {
    const doc = buildSandboxControlsDocument("http://localhost") as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`))
      .sort();
    const mounted = CONTROL_ROUTES.filter(([, path]) => path !== "/openapi.json")
      .map(
        ([method, path]) =>
          `${method} ${SANDBOX_CONTROLS_PREFIX}${path.replace(/:(\w+)/g, "{$1}")}`,
      )
      .sort();
    expect(mounted).toEqual(documented);
    expect(new Set(CONTROL_ROUTES.map(([, , handler]) => handler)).size).toBe(
      CONTROL_ROUTES.length,
    );
  });
});
