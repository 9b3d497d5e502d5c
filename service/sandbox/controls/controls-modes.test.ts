import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetPreview } from "@/lib/api/contract/sandbox-controls";
import { schema } from "@/service/db/database";
import { DEMO_IDS } from "@/service/seed/demo-data";
import { SANDBOX_TOKEN_FILE, sandboxControlsLine } from "@/service/server";
import { http, startTestService, type TestService } from "@/test/support/service-harness";

/** The period a key's calls run in, as `GET /client/usage` reports it. */
async function periodStart(svc: TestService, key: string) {
  const usage = await http<{ period: { start: string } }>(svc.url, "GET", "/client/usage", { key });
  expect(usage.status).toBe(200);
  return usage.body.period.start;
}

describe("SERVICE_SANDBOX_CONTROLS=sandbox", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ sandboxControls: "sandbox" });
  });
  afterAll(() => svc.stop());
  const production = () => svc.keys["master-admin"];
  const sandbox = () => svc.keys.sandbox;
  const operator = () => ({ Authorization: `Bearer ${svc.sandboxToken}` });

  it("says which keys it serves, and refuses a production key everywhere", async () => {
    const index = await http(svc.url, "GET", "/_sandbox");
    expect(index.body).toMatchObject({ keys: "sandbox" });
    const refusals = [
      ["GET", "/_sandbox/clock", undefined],
      ["POST", "/_sandbox/clock/advance", { seconds: 40 * 86_400 }],
      ["GET", "/_sandbox/fault-rules", undefined],
      [
        "POST",
        "/_sandbox/fault-rules",
        { operationId: "getSystemStatus", effect: { kind: "drop_before" } },
      ],
      ["GET", "/_sandbox/journal", undefined],
      ["GET", "/_sandbox/reset", undefined],
      ["POST", "/_sandbox/reset", { confirmationToken: "x" }],
    ] as const;
    for (const [method, path, body] of refusals) {
      const res = await http(svc.url, method, path, { key: production(), body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toMatchObject({ error: "sandbox_controls_forbidden" });
    }
    const [northwind] = await svc.service.database.db
      .select({ offset: schema.clients.sandboxClockOffsetMs })
      .from(schema.clients)
      .where(eq(schema.clients.id, DEMO_IDS.northwind));
    expect(northwind!.offset).toBe(0);
  });

  it("moves the clock and fires fault rules for sandbox calls only", async () => {
    const before = await periodStart(svc, production());
    const moved = await http(svc.url, "POST", "/_sandbox/clock/advance", {
      key: sandbox(),
      body: { seconds: 40 * 86_400 },
    });
    expect(moved.status).toBe(200);
    // The Master's production calls still run on real time; its sandbox calls on its clock.
    expect(await periodStart(svc, production())).toBe(before);
    expect(Date.parse(await periodStart(svc, sandbox()))).toBeGreaterThan(Date.parse(before));

    const rule = await http(svc.url, "POST", "/_sandbox/fault-rules", {
      key: sandbox(),
      body: {
        operationId: "getSystemStatus",
        effect: { kind: "error", code: "service_unavailable" },
      },
    });
    expect(rule.status).toBe(201);
    expect((await http(svc.url, "GET", "/ping", { key: production() })).status).toBe(200);
    expect((await http(svc.url, "GET", "/ping", { key: sandbox() })).status).toBe(503);

    // The journal holds the sandbox calls, never a production one.
    const journal = await http<{ entries: { operationId: string; status: number }[] }>(
      svc.url,
      "GET",
      "/_sandbox/journal?operationId=getSystemStatus",
      { key: sandbox() },
    );
    expect(journal.body.entries.map((e) => e.status)).toEqual([503]);
  });

  it("leaves a reset, which returns production state too, to the operator", async () => {
    const byKey = await http(svc.url, "GET", "/_sandbox/reset", { key: sandbox() });
    expect(byKey.status).toBe(403);
    expect(byKey.body).toMatchObject({ error: "sandbox_controls_forbidden" });
    const plan = resetPreview.parse(
      (
        await http(svc.url, "GET", `/_sandbox/reset?masterId=${DEMO_IDS.northwind}`, {
          headers: operator(),
        })
      ).body,
    );
    const done = await http(svc.url, "POST", `/_sandbox/reset?masterId=${DEMO_IDS.northwind}`, {
      headers: operator(),
      body: { confirmationToken: plan.confirmationToken },
    });
    expect(done.status).toBe(200);
    expect((await http(svc.url, "GET", "/ping", { key: sandbox() })).status).toBe(200);
  });
});

describe("SERVICE_SANDBOX_CONTROLS=off", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ sandboxControls: "off" });
  });
  afterAll(() => svc.stop());

  it("answers 404 under /_sandbox, to keys and the operator alike", async () => {
    for (const path of [
      "/_sandbox",
      "/_sandbox/clock",
      "/_sandbox/openapi.json",
      "/_sandbox/reset",
    ]) {
      const byKey = await http(svc.url, "GET", path, { key: svc.keys["master-admin"] });
      expect(byKey.status, path).toBe(404);
      expect(byKey.body).toMatchObject({ error: "not_found" });
      const byOperator = await http(svc.url, "GET", path, {
        headers: { Authorization: `Bearer ${svc.sandboxToken}` },
      });
      expect(byOperator.status, path).toBe(404);
    }
  });

  it("lets nothing set earlier act on a call: no clock, no fault rule", async () => {
    const before = await periodStart(svc, svc.keys.sandbox);
    const { db } = svc.service.database;
    await db
      .update(schema.clients)
      .set({ sandboxClockOffsetMs: 40 * 86_400_000 })
      .where(eq(schema.clients.id, DEMO_IDS.northwind));
    await db.insert(schema.sandboxFaultRules).values({
      id: "fr_left_over",
      masterClientId: DEMO_IDS.northwind,
      operationId: "getSystemStatus",
      effect: { kind: "error", code: "service_unavailable" },
    });
    // Stamps move so no instance keeps the caller it knew before the change.
    await svc.service.database.pool.query(
      "update clients set auth_stamp = auth_stamp + 1 where id = $1",
      [DEMO_IDS.northwind],
    );
    expect(await periodStart(svc, svc.keys.sandbox)).toBe(before);
    expect((await http(svc.url, "GET", "/ping", { key: svc.keys.sandbox })).status).toBe(200);
  });
});

describe("the operator token in the start-up line", () => {
  it("is printed by the start that made it, and never by a later start on its data directory", async () => {
    const svc = await startTestService({ keptSandboxToken: true });
    try {
      const token = svc.sandboxToken;
      const made = sandboxControlsLine(svc.service, svc.url);
      expect(made).toContain(`Bearer ${token}`);
      expect(made).toContain(SANDBOX_TOKEN_FILE);
      const later = await svc.startSibling();
      expect(later.context.config.sandboxToken).toBe(token);
      const kept = sandboxControlsLine(later, later.url);
      expect(kept).not.toContain(token);
      expect(kept).toMatch(new RegExp(`kept in \\S*${SANDBOX_TOKEN_FILE}`));
      // The kept token is the operator's all the same.
      const journal = await http(
        later.url,
        "GET",
        `/_sandbox/journal?masterId=${DEMO_IDS.northwind}`,
        {
          headers: { Authorization: `Bearer ${token}` },
        },
      );
      expect(journal.status).toBe(200);
    } finally {
      await svc.stop();
    }
  });

  it("never prints a token given in SERVICE_SANDBOX_TOKEN", async () => {
    const svc = await startTestService();
    try {
      const line = sandboxControlsLine(svc.service, svc.url);
      expect(line).not.toContain(svc.sandboxToken);
      expect(line).toContain("SERVICE_SANDBOX_TOKEN");
    } finally {
      await svc.stop();
    }
  });
});
