import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type HandlerMap } from "@/service/context";
import { type Db, schema } from "@/service/db/database";
import { allHandlers } from "@/service/routes";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import { expectUsageTotalsMatchEvents } from "@/test/support/usage-totals";
import { ApiError } from "../core";

/**
 * What a call's charge is tied to: a charge exists exactly when an outcome the caller can reach
 * does (the answer it received, a replay for its Idempotency-Key, a job it was told about).
 */

type Mode = "pass" | "hold" | "fail-documented" | "fail-unexpected";
let mode: Mode = "pass";
let backendPid: number | undefined;
let arrived: () => void = () => {};
let release: () => void = () => {};
function arm(next: Mode) {
  mode = next;
  const entered = new Promise<void>((r) => (arrived = r));
  const released = new Promise<void>((r) => (release = r));
  return { entered, released };
}
let gate = arm("pass");

/** Where the test holds a call: it notes the call's database backend, then waits to be released. */
async function holdWhenAsked(db: Db) {
  if (mode !== "hold") return;
  const [row] = (await db.execute(sql`select pg_backend_pid() as pid`)).rows as { pid: number }[];
  backendPid = row!.pid;
  arrived();
  await gate.released;
}

/** Billable operations whose handler does real work, then waits or fails as the test says. */
const handlers: HandlerMap = {
  async translatePartName(ctx) {
    // Work in the call's transaction that must disappear with it.
    await ctx.db
      .update(schema.clients)
      .set({ name: "renamed by a call" })
      .where(eq(schema.clients.id, ctx.caller.client.id));
    await holdWhenAsked(ctx.db);
    if (mode === "fail-documented")
      throw new ApiError("translation_not_found", "Not a known designation.");
    if (mode === "fail-unexpected") throw new Error("boom");
    await ctx.db
      .update(schema.clients)
      .set({ name: "Paying client" })
      .where(eq(schema.clients.id, ctx.caller.client.id));
    return allHandlers.translatePartName!(ctx);
  },
  async createVinRedirectSession(ctx) {
    await holdWhenAsked(ctx.db);
    return allHandlers.createVinRedirectSession!(ctx);
  },
};

const svc = serviceForThisFile({ handlers });

/** A new Sub-user paying from its balance, as a fresh Client per test. */
async function payingClient(balanceMinor = 10_000) {
  const created = await http<{ id: string; apiKey: { key: string } }>(
    svc.url,
    "POST",
    "/client/users",
    { key: svc.keys["master-admin"], body: { name: "Paying client" } },
  );
  await svc.service.database.db
    .update(schema.clients)
    .set({ balanceMinor })
    .where(eq(schema.clients.id, created.body.id));
  return { id: created.body.id, key: created.body.apiKey.key };
}

async function stateOf(clientId: string) {
  const db = svc.service.database.db;
  // Events first: a refund commits its event and the balance together, so once an event reads as
  // refunded the balance read after it includes the refund (the other order could catch neither).
  const events = await db
    .select()
    .from(schema.usageEvents)
    .where(eq(schema.usageEvents.clientId, clientId));
  const [client] = await db.select().from(schema.clients).where(eq(schema.clients.id, clientId));
  return {
    balance: client!.balanceMinor,
    name: client!.name,
    charged: events.filter((e) => e.status === "charged"),
    refunded: events.filter((e) => e.status === "refunded"),
    pending: events.filter((e) => e.pendingDelivery),
  };
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  return read();
}

const translate = (key: string, init: { signal?: AbortSignal } = {}) =>
  fetch(`${svc.url}/translation/translations?sourceLanguage=de&text=Bremsscheibe`, {
    headers: { "X-Api-Key": key },
    ...init,
  });

describe("a charge and its outcome commit together", () => {
  it("charges a delivered answer once and confirms its delivery", async () => {
    gate = arm("pass");
    const payer = await payingClient();
    const res = await translate(payer.key);
    expect(res.status).toBe(200);
    await svc.service.context.delivery.flush();
    const after = await stateOf(payer.id);
    expect(after.charged).toHaveLength(1);
    expect(after.charged[0]!.requestId).toBe(res.headers.get("x-request-id"));
    expect(after.pending).toHaveLength(0);
    expect(after.balance).toBe(10_000 - after.charged[0]!.amountMinor);
  });

  it("rolls back the work of a documented failure and records the call as refunded", async () => {
    gate = arm("fail-documented");
    const payer = await payingClient();
    const res = await translate(payer.key);
    expect(res.status).toBe(404);
    const after = await stateOf(payer.id);
    expect(after.balance).toBe(10_000);
    expect(after.name).toBe("Paying client");
    expect(after.charged).toHaveLength(0);
    expect(after.refunded).toHaveLength(1);
    expect(after.refunded[0]!.requestId).toBe(res.headers.get("x-request-id"));
  });

  it("leaves no charge behind when the work fails unexpectedly", async () => {
    gate = arm("fail-unexpected");
    const payer = await payingClient();
    const res = await translate(payer.key);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error: "internal_error" });
    const after = await stateOf(payer.id);
    expect(after).toMatchObject({ balance: 10_000, name: "Paying client" });
    expect(after.charged).toHaveLength(0);
  });

  it("leaves no charge and no blocked key when the call's database connection dies mid-way", async () => {
    gate = arm("hold");
    const payer = await payingClient();
    const body = { vin: "WVWZZZ1KZAW000001", returnUrl: "https://dealer.example/callback" };
    const first = http(svc.url, "POST", "/vin/redirect-sessions", {
      key: payer.key,
      body,
      idempotencyKey: "session-1",
    });
    await gate.entered;
    // The instance's connection is gone, as when its process is killed.
    await svc.service.database.db.execute(sql`select pg_terminate_backend(${backendPid!})`);
    release();
    expect((await first).status).toBe(500);
    expect((await stateOf(payer.id)).charged).toHaveLength(0);

    // The same key starts afresh at once: nothing was left in progress.
    gate = arm("pass");
    const retried = await http(svc.url, "POST", "/vin/redirect-sessions", {
      key: payer.key,
      body,
      idempotencyKey: "session-1",
    });
    expect(retried.status).toBe(200);
    expect(retried.headers.get("x-service-idempotent-replay")).toBeNull();
    const replayed = await http(svc.url, "POST", "/vin/redirect-sessions", {
      key: payer.key,
      body,
      idempotencyKey: "session-1",
    });
    expect(replayed.headers.get("x-service-idempotent-replay")).toBe("true");
    expect(replayed.text).toBe(retried.text);
    expect((await stateOf(payer.id)).charged).toHaveLength(1);
  });

  it("refunds an answer its caller left before it could be handed over", async () => {
    gate = arm("hold");
    const payer = await payingClient();
    const abort = new AbortController();
    const call = translate(payer.key, { signal: abort.signal }).catch((e: unknown) => e);
    await gate.entered;
    abort.abort();
    await call;
    await new Promise((r) => setTimeout(r, 50));
    release();
    const after = await eventually(
      () => stateOf(payer.id),
      (s) => s.refunded.length === 1,
    );
    expect(after.charged).toHaveLength(0);
    expect(after.refunded).toHaveLength(1);
    expect(after.balance).toBe(10_000);
  });

  it("keeps a call with an Idempotency-Key whose caller left, for its replay", async () => {
    gate = arm("hold");
    const payer = await payingClient();
    const body = { vin: "WVWZZZ1KZAW000002", returnUrl: "https://dealer.example/callback" };
    const abort = new AbortController();
    const call = fetch(`${svc.url}/vin/redirect-sessions`, {
      method: "POST",
      headers: {
        "X-Api-Key": payer.key,
        "Content-Type": "application/json",
        "Idempotency-Key": "left-1",
      },
      body: JSON.stringify(body),
      signal: abort.signal,
    }).catch((e: unknown) => e);
    await gate.entered;
    abort.abort();
    await call;
    const releaseHeld = release;
    gate = arm("pass");
    releaseHeld();
    const replay = await eventually(
      () =>
        http(svc.url, "POST", "/vin/redirect-sessions", {
          key: payer.key,
          body,
          idempotencyKey: "left-1",
        }),
      (r) => r.status === 200,
    );
    expect(replay.headers.get("x-service-idempotent-replay")).toBe("true");
    expect((await stateOf(payer.id)).charged).toHaveLength(1);
  });
});

describe("charges a stopped instance left pending", () => {
  it("are refunded by the next sweep; a running instance's are not", async () => {
    const payer = await payingClient(9_000);
    const db = svc.service.database.db;
    const sibling = await svc.startSibling();
    const pendingOf = (instanceId: string) => ({
      clientId: payer.id,
      apiKeyId: "key_test",
      endpointKey: "translation",
      operationId: "translatePartName",
      period: "2026-11",
      source: "balance",
      amountMinor: 500,
      payerClientId: payer.id,
      instanceId,
      pendingDelivery: true,
    });
    // As a crashed instance (no lock held for its id) and a running one left them.
    await db
      .insert(schema.usageEvents)
      .values([pendingOf("stopped-instance"), pendingOf(sibling.context.delivery.instanceId)]);
    expect(await svc.service.context.delivery.sweep()).toBe(1);
    let after = await stateOf(payer.id);
    expect(after.balance).toBe(9_500);
    expect(after.refunded.map((e) => e.instanceId)).toEqual(["stopped-instance"]);

    await sibling.stop();
    expect(await svc.service.context.delivery.sweep()).toBe(1);
    after = await stateOf(payer.id);
    expect(after.balance).toBe(10_000);
    expect(after.charged).toHaveLength(0);
    expect(
      await db
        .select()
        .from(schema.usageEvents)
        .where(
          and(
            eq(schema.usageEvents.clientId, payer.id),
            eq(schema.usageEvents.pendingDelivery, true),
          ),
        ),
    ).toEqual([]);
  });
});

describe("the month's totals charges read", () => {
  it("agree with the usage events after everything above", () => expectUsageTotalsMatchEvents(svc));
});
