import { expect, it } from "vitest";
import { consoleStoreForThisFile } from "@/test/support/console-store";
import { getStore } from "@/lib/store/db";
import { latestReadings } from "./usage-readings";

consoleStoreForThisFile();

it("gives each Client's newest reading, one per Client, and none for a Client never read", async () => {
  const db = await getStore();
  // Three Clients, a reading an hour for a day each; the last one's newest hour differs.
  await db.$client.query(
    `INSERT INTO console_usage_readings (client_id, hour, taken_at, source, period_start, period_end, balance_minor, endpoints, plans)
     SELECT 'cl_' || c, h, h + interval '17 minutes', 'schedule', h, h, c * 1000 + extract(hour from h)::int, '[]', '[]'
     FROM generate_series(1, 3) AS c,
          generate_series(timestamptz '2026-11-27T00:00:00Z', timestamptz '2026-11-27T23:00:00Z', interval '1 hour') AS h
     WHERE c < 3 OR h < timestamptz '2026-11-27T12:00:00Z'`,
  );
  const latest = await latestReadings(["cl_1", "cl_2", "cl_3", "cl_never"]);
  expect([...latest.keys()].sort()).toEqual(["cl_1", "cl_2", "cl_3"]);
  expect(latest.get("cl_1")!.takenAt.toISOString()).toBe("2026-11-27T23:17:00.000Z");
  expect(latest.get("cl_1")!.balanceMinor).toBe(1023);
  expect(latest.get("cl_3")!.takenAt.toISOString()).toBe("2026-11-27T11:17:00.000Z");
  expect(latest.get("cl_3")!.balanceMinor).toBe(3011);
  expect(await latestReadings([])).toEqual(new Map());
});
