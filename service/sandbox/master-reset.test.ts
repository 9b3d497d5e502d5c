import { describe, expect, it } from "vitest";
import { resetDone, resetPreview } from "@/lib/api/contract/sandbox-controls";
import { schema } from "@/service/db/database";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import { expectUsageTotalsMatchEvents } from "@/test/support/usage-totals";

const svc = serviceForThisFile();
const admin = () => svc.keys["master-admin"];
const operator = () => ({ Authorization: `Bearer ${svc.sandboxToken}` });

type Listed = { clientUsers: { id: string; name: string }[] };
const subUsers = async () =>
  (await http<Listed>(svc.url, "GET", "/client/users", { key: admin() })).body.clientUsers
    .map((u) => `${u.id}:${u.name}`)
    .sort();
const translationCalls = async () => {
  const usage = await http<{ endpoints: { endpointKey: string; calls: number }[] }>(
    svc.url,
    "GET",
    "/client/usage",
    { key: admin() },
  );
  return usage.body.endpoints.find((e) => e.endpointKey === "translation")?.calls ?? 0;
};

describe("resetting a Master to its seeded state", () => {
  it("undoes Sub-users, keys, names, limits, usage, rules and the clock, after a confirmation", async () => {
    const seededUsers = await subUsers();
    const seededCalls = await translationCalls();
    const balance = async () =>
      (await http<{ balanceMinor: number }>(svc.url, "GET", "/client/credits", { key: admin() }))
        .body.balanceMinor;
    const seededBalance = await balance();

    const created = await http<{ id: string; apiKey: { key: string } }>(
      svc.url,
      "POST",
      "/client/users",
      { key: admin(), body: { name: "Made after the seed" } },
    );
    expect(created.status).toBe(200);
    await http(svc.url, "PATCH", "/client/users/cl_demo_hamburg", {
      key: admin(),
      body: { name: "Renamed after the seed" },
    });
    await http(svc.url, "PUT", "/client/users/cl_demo_berlin/rate-limits", {
      key: admin(),
      body: { rateLimits: [{ endpointKey: "*", windowSeconds: 60, maxRequests: 1 }] },
    });
    for (let i = 0; i < 3; i++)
      await http(svc.url, "GET", "/translation/translations?sourceLanguage=de&text=Kühler", {
        key: admin(),
      });
    await http(svc.url, "POST", "/_sandbox/fault-rules", {
      key: admin(),
      body: { operationId: "getSystemStatus", effect: { kind: "latency", ms: 5 } },
    });
    await http(svc.url, "POST", "/_sandbox/clock/advance", {
      key: admin(),
      body: { seconds: 3 * 86_400 },
    });
    expect(await subUsers()).not.toEqual(seededUsers);

    const preview = await http(svc.url, "GET", "/_sandbox/reset", { key: admin() });
    expect(preview.status).toBe(200);
    const plan = resetPreview.parse(preview.body);
    expect(plan.now.clients).toBe((plan.seeded.clients ?? 0) + 1);
    expect(plan.now.sandbox_fault_rules).toBe(1);

    const wrong = await http(svc.url, "POST", "/_sandbox/reset", {
      key: admin(),
      body: { confirmationToken: `${plan.expiresAt}.forged` },
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain("confirmationToken");
    // A confirmation is for one Master only.
    const others = resetPreview.parse(
      (
        await http(svc.url, "GET", "/_sandbox/reset?masterId=cl_demo_sonnenschein", {
          headers: operator(),
        })
      ).body,
    );
    const crossed = await http(svc.url, "POST", "/_sandbox/reset", {
      key: admin(),
      body: { confirmationToken: others.confirmationToken },
    });
    expect(crossed.status).toBe(400);
    expect(await subUsers()).not.toEqual(seededUsers);

    const reset = await http(svc.url, "POST", "/_sandbox/reset", {
      key: admin(),
      body: { confirmationToken: plan.confirmationToken },
    });
    expect(reset.status).toBe(200);
    expect(resetDone.parse(reset.body).restored.clients).toBe(plan.seeded.clients);

    expect(await subUsers()).toEqual(seededUsers);
    expect(await translationCalls()).toBe(seededCalls);
    expect(await balance()).toBe(seededBalance);
    const gone = await http(svc.url, "GET", "/ping", { key: created.body.apiKey.key });
    expect(gone.status).toBe(403);
    expect(gone.body.error).toBe("api_key_invalid");
    // The Sub-user's demo key works, and its seeded limits are back (no 1-per-minute rule).
    for (let i = 0; i < 3; i++)
      expect((await http(svc.url, "GET", "/ping", { key: svc.keys["sub-user"] })).status).toBe(200);
    const rules = await http<{ faultRules: unknown[] }>(svc.url, "GET", "/_sandbox/fault-rules", {
      key: admin(),
    });
    expect(rules.body.faultRules).toEqual([]);
    const clock = await http<{ offsetSeconds: number }>(svc.url, "GET", "/_sandbox/clock", {
      key: admin(),
    });
    expect(clock.body.offsetSeconds).toBe(0);
  });

  it("answers 404 for a Master with no recorded seed state", async () => {
    await svc.service.database.db
      .insert(schema.clients)
      .values({ id: "cl_unseeded_master", name: "Unseeded" });
    const res = await http(svc.url, "GET", "/_sandbox/reset?masterId=cl_unseeded_master", {
      headers: operator(),
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: "not_found" });
  });
});

describe("a reset while a charge of the family is under way", () => {
  // A charge debits its payer's row, then writes its event, whose trigger moves the grant's
  // month total (migration 0014). A reset removes the family's events, which moves the same
  // total, and restores the family's rows. Taken in opposite orders, the two would deadlock.
  it("waits for the charge instead of ending either on a deadlock", async () => {
    const { pool } = svc.service.database;
    // A grant of the family's with a month total the reset will move.
    const paid = (
      await pool.query<{ grant_id: string; period: string; client_id: string; api_key_id: string }>(
        `select grant_id, period, client_id, api_key_id from usage_events
          where payer_client_id = 'cl_demo_northwind' and grant_id is not null and status = 'charged'
          limit 1`,
      )
    ).rows[0]!;
    const charge = await pool.connect();
    try {
      await charge.query("BEGIN");
      await charge.query(
        "update clients set balance_minor = balance_minor - 20 where id = 'cl_demo_northwind'",
      );
      const plan = resetPreview.parse(
        (await http(svc.url, "GET", "/_sandbox/reset", { key: admin() })).body,
      );
      const reset = http(svc.url, "POST", "/_sandbox/reset", {
        key: admin(),
        body: { confirmationToken: plan.confirmationToken },
      });
      // The reset is under way once its transaction waits for a lock the charge holds.
      await expect
        .poll(
          async () =>
            (
              await pool.query<{ n: number }>(
                `select count(*)::int as n from pg_stat_activity
                  where wait_event_type = 'Lock' and pid <> pg_backend_pid()
                    and pid in (select pid from pg_locks where not granted)`,
              )
            ).rows[0]!.n,
          { timeout: 10_000 },
        )
        .toBe(1);
      await charge.query(
        `insert into usage_events (client_id, api_key_id, endpoint_key, operation_id, period,
            source, amount_minor, payer_client_id, grant_id, created_at)
         values ($1, $2, 'vin_vehicle', 'getVehicleByVin', $3, 'balance', 20, 'cl_demo_northwind',
            $4, now())`,
        [paid.client_id, paid.api_key_id, paid.period, paid.grant_id],
      );
      await charge.query("COMMIT");
      const done = await reset;
      expect(done.status).toBe(200);
    } finally {
      await charge.query("ROLLBACK").catch(() => undefined);
      charge.release();
    }
    await expectUsageTotalsMatchEvents(svc);
  });
});

/** Confirms and runs a reset of the family of `key`'s Master. */
async function reset(key: string) {
  const plan = resetPreview.parse((await http(svc.url, "GET", "/_sandbox/reset", { key })).body);
  const done = await http(svc.url, "POST", "/_sandbox/reset", {
    key,
    body: { confirmationToken: plan.confirmationToken },
  });
  expect(done.status).toBe(200);
  return plan;
}

const beneficiary = () => svc.keys.beneficiary;
type Grants = {
  sponsorshipGrants: { reference: string; sponsorClientId: string; active: boolean }[];
};
const issuedBy = async (key: string) =>
  JSON.stringify((await http<Grants>(svc.url, "GET", "/client/sponsorship-grants", { key })).body);
const receivedBy = async (key: string) =>
  (await http<Grants>(svc.url, "GET", "/client/sponsorship-grants/received", { key })).body
    .sponsorshipGrants;
const credit = async (key: string) =>
  (await http<{ balanceMinor: number }>(svc.url, "GET", "/client/credits", { key })).body
    .balanceMinor;
/** Usage events by caller and payer, as the database holds them. */
const events = async (clientId: string, payerId: string) =>
  (
    await svc.service.database.pool.query<{ n: number }>(
      "select count(*)::int as n from usage_events where client_id = $1 and payer_client_id = $2",
      [clientId, payerId],
    )
  ).rows[0]!.n;
/** A translation the beneficiary makes on Northwind's partner-terms grant (Northwind pays). */
async function sponsoredTranslation() {
  const res = await http(
    svc.url,
    "GET",
    "/translation/translations?sourceLanguage=de&text=Bremsscheibe",
    {
      key: beneficiary(),
    },
  );
  expect(res.status).toBe(200);
  expect(res.headers.get("x-service-sponsorship-grant")).toBe("sonnenschein-seo");
}

describe("a reset changes only what the caller's family owns", () => {
  it("a beneficiary's reset leaves the sponsor's grants, balance and the usage it paid for", async () => {
    const revoked = await http(svc.url, "DELETE", "/client/sponsorship-grants/sonnenschein-vin", {
      key: admin(),
    });
    expect(revoked.status).toBe(200);
    await sponsoredTranslation();
    const sponsorSees = await issuedBy(admin());
    const sponsorCredit = await credit(admin());
    const paidBySponsor = await events("cl_demo_sonnenschein", "cl_demo_northwind");
    const kraftwerk = (await receivedBy(beneficiary())).find(
      (g) => g.sponsorClientId === "cl_demo_kraftwerk",
    );

    await reset(beneficiary());

    expect(await issuedBy(admin())).toBe(sponsorSees);
    expect(await credit(admin())).toBe(sponsorCredit);
    expect(await events("cl_demo_sonnenschein", "cl_demo_northwind")).toBe(paidBySponsor);
    const received = await receivedBy(beneficiary());
    // The revoked grant stays revoked: it is Northwind's, not Sonnenschein's.
    expect(
      received.find(
        (g) => g.reference === "sonnenschein-vin" && g.sponsorClientId === "cl_demo_northwind",
      )?.active,
    ).toBe(false);
    expect(received.find((g) => g.sponsorClientId === "cl_demo_kraftwerk")).toEqual(kraftwerk);
  });

  it("a sponsor's reset keeps its beneficiaries' usage, and returns the grants it issued", async () => {
    await sponsoredTranslation();
    const beneficiaryUsage = async () =>
      JSON.stringify((await http(svc.url, "GET", "/client/usage", { key: beneficiary() })).body);
    const before = await beneficiaryUsage();
    const paidBySponsor = await events("cl_demo_sonnenschein", "cl_demo_northwind");
    const beneficiaryCredit = await credit(beneficiary());

    await reset(admin());

    expect(await beneficiaryUsage()).toBe(before);
    expect(await events("cl_demo_sonnenschein", "cl_demo_northwind")).toBe(paidBySponsor);
    expect(await credit(beneficiary())).toBe(beneficiaryCredit);
    // The grant Northwind revoked is its own: its reset brings it back as seeded.
    const received = await receivedBy(beneficiary());
    expect(
      received.find(
        (g) => g.reference === "sonnenschein-vin" && g.sponsorClientId === "cl_demo_northwind",
      )?.active,
    ).toBe(true);
  });

  it("keeps a Master's fault rules and clock away from another family", async () => {
    const rule = await http<{ id: string }>(svc.url, "POST", "/_sandbox/fault-rules", {
      key: admin(),
      body: {
        operationId: "getSystemStatus",
        effect: { kind: "error", code: "service_unavailable" },
      },
    });
    expect(rule.status).toBe(201);
    await http(svc.url, "POST", "/_sandbox/clock/advance", {
      key: admin(),
      body: { seconds: 40 * 86_400 },
    });
    expect((await http(svc.url, "GET", "/ping", { key: admin() })).status).toBe(503);
    expect((await http(svc.url, "GET", "/ping", { key: beneficiary() })).status).toBe(200);
    const theirs = await http<{ offsetSeconds: number }>(svc.url, "GET", "/_sandbox/clock", {
      key: beneficiary(),
    });
    expect(theirs.body.offsetSeconds).toBe(0);
    const theirRules = await http<{ faultRules: unknown[] }>(
      svc.url,
      "GET",
      "/_sandbox/fault-rules",
      { key: beneficiary() },
    );
    expect(theirRules.body.faultRules).toEqual([]);
    await reset(admin());
  });
});

describe("a reset's confirmation", () => {
  it("works once, also when two resets send it at the same moment to two instances", async () => {
    const sibling = await svc.startSibling();
    const plan = resetPreview.parse(
      (await http(svc.url, "GET", "/_sandbox/reset", { key: admin() })).body,
    );
    const send = (base: string) =>
      http(base, "POST", "/_sandbox/reset", {
        key: admin(),
        body: { confirmationToken: plan.confirmationToken },
      });
    const answers = await Promise.all([send(svc.url), send(sibling.url), send(svc.url)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) {
      expect(refused.body.error).toBe("invalid_request");
      expect(JSON.stringify(refused.body)).toContain("confirmationToken");
    }
    // Later, alone: still refused; a fresh confirmation works.
    expect((await send(svc.url)).status).toBe(400);
    await reset(admin());
  });
});

describe("the month's totals charges read", () => {
  it("agree with the usage events after everything above", () => expectUsageTotalsMatchEvents(svc));
});

describe("the reset's preview of a big family", () => {
  it("counts each table up to its bound and says more beyond it, Sub-users found by their Master", async () => {
    const bound = resetPreview.parse(
      (await http(svc.url, "GET", "/_sandbox/reset", { key: admin() })).body,
    ).countedUpTo;
    const { pool } = svc.service.database;
    await pool.query(
      `insert into clients (id, name, parent_id) select 'cl_big_' || n, 'Big ' || n, 'cl_demo_northwind'
         from generate_series(1, $1::int) as n`,
      [bound + 5],
    );
    const plan = resetPreview.parse(
      (await http(svc.url, "GET", "/_sandbox/reset", { key: admin() })).body,
    );
    expect(plan.now.clients).toBe(bound + 1);
    expect(plan.seeded.clients).toBeLessThan(bound);
    await pool.query("delete from clients where id like 'cl_big_%'");
    const after = resetPreview.parse(
      (await http(svc.url, "GET", "/_sandbox/reset", { key: admin() })).body,
    );
    expect(after.now.clients).toBeLessThan(bound);
  });
});
