import { expect, it } from "vitest";
import { type UsageStatus } from "@/lib/api/contract/client-admin";
import { consoleStoreForThisFile } from "@/test/support/console-store";
import { indexSubUser, subUsersPage } from "@/lib/sub-users/sub-user-index";
import { recordUsageReading, usageHistory } from "./usage-readings";

consoleStoreForThisFile();

const usage = (used: number): UsageStatus =>
  ({
    clientId: "cl_reader",
    period: { start: "2026-11-01T00:00:00Z", end: "2026-12-01T00:00:00Z" },
    plans: [{ id: "pl_1", endpoint_key: "vin_vehicle", included_monthly_quantity: 100, used }],
    endpoints: [],
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
