import { expect, it } from "vitest";
import { serviceForThisFile } from "@/test/support/service-harness";
import { claimHousekeepingRound } from "./housekeeping";

const svc = serviceForThisFile();

it("a housekeeping period is claimed by one instance however many ask at once", async () => {
  const db = svc.service.database.db;
  // Far from the periods the running instance's own timer claims.
  const slot = 4_000_000_000;
  const claims = await Promise.all(
    ["a", "b", "c", "d", "e"].map((instance) => claimHousekeepingRound(db, instance, slot)),
  );
  expect(claims.filter(Boolean)).toHaveLength(1);
  expect(await claimHousekeepingRound(db, "a", slot)).toBe(false);
  expect(await claimHousekeepingRound(db, "b", slot + 1)).toBe(true);
  const rows = await svc.service.database.pool.query<{ n: string }>(
    "SELECT count(*)::text AS n FROM housekeeping_rounds WHERE slot >= $1",
    [slot],
  );
  expect(Number(rows.rows[0]!.n)).toBe(2);
});
