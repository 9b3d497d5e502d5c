import { expect } from "vitest";
import { type TestService } from "./service-harness";

/**
 * The month-so-far totals each charge reads (migration 0014) agree with the usage events they
 * are kept from: every plan's charged plan calls and every grant's charged calls and amount, in
 * the grant's own month.
 */
export async function expectUsageTotalsMatchEvents(svc: TestService) {
  const { pool } = svc.service.database;
  const rows = async (text: string) =>
    (await pool.query<Record<string, string>>(text)).rows
      .map((r) => Object.values(r).join(" "))
      .sort();
  expect(
    await rows(`select client_id, plan_id, period, used from plan_period_usage where used <> 0`),
  ).toEqual(
    await rows(`select client_id, plan_id, period, count(*)::int from usage_events
                 where source = 'plan' and status = 'charged' and plan_id is not null
                 group by client_id, plan_id, period`),
  );
  expect(
    await rows(`select grant_id, period, calls, amount_minor from grant_period_coverage
                 where calls <> 0 or amount_minor <> 0`),
  ).toEqual(
    await rows(`select grant_id, coalesce(grant_period, period), count(*)::int,
                       sum(amount_minor)::bigint from usage_events
                 where grant_id is not null and status = 'charged'
                 group by grant_id, coalesce(grant_period, period)`),
  );
  // Something was counted: the comparison is not between two empty tables.
  expect(
    (await pool.query("select count(*)::int as n from plan_period_usage")).rows[0].n,
  ).toBeGreaterThan(0);
}
