import { expect, it } from "vitest";
import { type UsageStatus } from "@/lib/api/contract/client-admin";
import { consoleStoreForThisFile } from "@/test/support/console-store";
import { indexSubUser, subUsersPage } from "@/lib/sub-users/sub-user-index";
import { pruneExpired } from "@/lib/store/retention";
import { recordUsageReading, usageHistory, usageMonthsOf } from "./usage-readings";

consoleStoreForThisFile();

const usage = (
  used: number,
  { clientId = "cl_reader", start = "2026-11-01T00:00:00Z", end = "2026-12-01T00:00:00Z" } = {},
): UsageStatus =>
  ({
    clientId,
    period: { start, end },
    plans: [{ id: "pl_1", endpoint_key: "vin_vehicle", included_monthly_quantity: 100, used }],
    endpoints: [{ endpointKey: "vin_vehicle", calls: used, chargedMinor: used * 10 }],
  }) as unknown as UsageStatus;

it("keeps the latest reading of each hour, and shows the newest in the Sub-users list", async () => {
  await indexSubUser("cl_master", { id: "cl_reader", name: "Reader", isActive: true });
  const at = (iso: string) => new Date(iso);
  await recordUsageReading(usage(95), "schedule", at("2026-11-27T10:20:00Z"));
  // An older reading of the same hour, arriving late, changes nothing.
  await recordUsageReading(usage(10), "page", at("2026-11-27T10:05:00Z"));
  const history = await usageHistory("cl_reader", at("2026-11-27T00:00:00Z"));
  expect(history.map((r) => r.takenAt.toISOString())).toEqual(["2026-11-27T10:20:00.000Z"]);
  const page = () =>
    subUsersPage("cl_master", { q: "", status: "near-quota", sort: "name-asc", page: 1 });
  expect((await page()).items.map((r) => r.usage)).toEqual([
    { flag: "warning", readAt: "2026-11-27T10:20:00.000Z" },
  ]);
  // A newer reading within quota clears the flag.
  await recordUsageReading(usage(20), "page", at("2026-11-27T11:00:00Z"));
  expect((await page()).matched).toBe(0);
});

it("keeps each billing period's totals from its last reading when the readings age out", async () => {
  const at = (iso: string) => new Date(iso);
  const client = { clientId: "cl_months" };
  const oct2025 = { ...client, start: "2025-10-01T00:00:00Z", end: "2025-11-01T00:00:00Z" };
  const nov2025 = { ...client, start: "2025-11-01T00:00:00Z", end: "2025-12-01T00:00:00Z" };
  await recordUsageReading(usage(40, oct2025), "schedule", at("2025-10-20T08:00:00Z"));
  await recordUsageReading(usage(75, oct2025), "schedule", at("2025-10-31T22:00:00Z"));
  // A late, older reading of a period does not replace its total.
  await recordUsageReading(usage(50, oct2025), "page", at("2025-10-25T09:00:00Z"));
  await recordUsageReading(usage(12, nov2025), "schedule", at("2025-11-03T10:00:00Z"));
  // 400 days after 2025-11-01 (2026-12-06): October's readings are past their retention.
  await pruneExpired(at("2026-12-06T00:00:00Z"));
  const readings = await usageHistory("cl_months", at("2025-01-01T00:00:00Z"));
  expect(readings.map((r) => r.takenAt.toISOString())).toEqual(["2025-11-03T10:00:00.000Z"]);
  const months = await usageMonthsOf("cl_months", 25);
  expect(
    months.map((m) => [m.periodStart.toISOString(), m.takenAt.toISOString(), m.endpoints]),
  ).toEqual([
    [
      "2025-11-01T00:00:00.000Z",
      "2025-11-03T10:00:00.000Z",
      [{ endpointKey: "vin_vehicle", calls: 12, chargedMinor: 120 }],
    ],
    [
      "2025-10-01T00:00:00.000Z",
      "2025-10-31T22:00:00.000Z",
      [{ endpointKey: "vin_vehicle", calls: 75, chargedMinor: 750 }],
    ],
  ]);
  expect(await usageMonthsOf("cl_months", 1)).toHaveLength(1);
  expect(await usageMonthsOf("cl_reader_other", 25)).toEqual([]);
});
