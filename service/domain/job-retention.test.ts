import { describe, expect, it } from "vitest";
import { TEST_VINS } from "@/service/data/vehicle-catalog";
import { schema } from "@/service/db/database";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import { balanceOf as balanceOfClient, payingSubUser } from "@/test/support/paying-sub-user";
import { applyJobRetention } from "./job-retention";

/**
 * Jobs are kept `SERVICE_JOB_RETENTION_DAYS` after they finish. Orders are placed through the
 * interface; the test's clock then moves past the retention period.
 */
const svc = serviceForThisFile({ jobDurationMs: 1_000 });
const DAY = 86_400_000;

async function order(key: string, vin: string) {
  const res = await http<{ jobId: string; statusUrl: string }>(
    svc.url,
    "GET",
    `/vin/${vin}/parts`,
    {
      key,
    },
  );
  expect(res.status).toBe(202);
  return res.body;
}

const poll = (key: string, statusUrl: string) =>
  http<{ status: string }>(svc.url, "GET", new URL(statusUrl).pathname, { key });

const balanceOf = (clientId: string) => balanceOfClient(svc, clientId);

async function jobIds() {
  const rows = await svc.service.database.db.select({ id: schema.jobs.id }).from(schema.jobs);
  return new Set(rows.map((r) => r.id));
}

describe("job retention", () => {
  it("deletes only jobs finished longer ago than the period, settling and refunding unpolled ones first", async () => {
    const payer = await payingSubUser(svc);
    const polledOld = await order(payer.key, TEST_VINS.job);
    // A job nobody polled, which fails: its order must be refunded before it goes.
    const beforeFailing = await balanceOf(payer.id);
    const unpolledFailed = await order(payer.key, TEST_VINS.jobFails);
    const failingCost = beforeFailing - (await balanceOf(payer.id));
    expect(failingCost).toBeGreaterThan(0);
    svc.clock.advance(5_000);
    expect((await poll(payer.key, polledOld.statusUrl)).body.status).toBe("succeeded");

    // 89 days on, a new job; at 91 days the first two are past the 90-day period.
    svc.clock.advance(89 * DAY);
    const recent = await order(payer.key, TEST_VINS.job);
    svc.clock.advance(2 * DAY);
    const beforeRetention = await balanceOf(payer.id);
    const outcome = await applyJobRetention(svc.service.database.db, svc.clock.now(), 90);
    expect(outcome.settled).toBeGreaterThanOrEqual(1);
    const left = await jobIds();
    expect(left.has(polledOld.jobId)).toBe(false);
    expect(left.has(unpolledFailed.jobId)).toBe(false);
    expect(left.has(recent.jobId)).toBe(true);
    // The failed order's charge came back; the succeeded one's stays.
    expect((await balanceOf(payer.id)) - beforeRetention).toBe(failingCost);
    const refunded = await svc.service.database.pool.query(
      "select count(*)::int as n from usage_events where client_id = $1 and status = 'refunded'",
      [payer.id],
    );
    expect(refunded.rows[0].n).toBe(1);
    // A deleted job is unknown, as any job never made.
    expect((await poll(payer.key, polledOld.statusUrl)).status).toBe(404);
    // A second round finds nothing more to do: the refund is never given twice.
    const before = await balanceOf(payer.id);
    expect(await applyJobRetention(svc.service.database.db, svc.clock.now(), 90)).toEqual({
      settled: 0,
      deleted: 0,
    });
    expect(await balanceOf(payer.id)).toBe(before);
  });
});
