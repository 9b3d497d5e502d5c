import { beforeAll, describe, expect, it } from "vitest";
import { consoleStoreForThisFile } from "@/test/support/console-store";
import { getStore } from "./db";
import { pruneExpired, retentionDays, retentionRound } from "./retention";

consoleStoreForThisFile();
beforeAll(() => {
  process.env.CONSOLE_AUDIT_RETENTION_DAYS = "60";
  process.env.CONSOLE_JOB_RETENTION_DAYS = "7";
});

const NOW = new Date("2026-11-28T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

async function query(text: string, values: unknown[] = []) {
  return (await getStore()).$client.query(text, values);
}

describe("retention", () => {
  it("deletes only what is past its period, in every table that grows", async () => {
    expect(retentionDays()).toMatchObject({ auditLog: 60, jobRecords: 7 });
    // Each table: one entry just inside its period, one just past it, many long past.
    for (const [age, target] of [
      [59.9, "inside"],
      [60.1, "past"],
    ] as const)
      await query(
        `INSERT INTO console_audit_log (client_id, organization_id, operation_id, target, outcome, created_at)
         VALUES ('cl_x', 'org', 'createClientUser', $1, 'success', $2)`,
        [target, daysAgo(age)],
      );
    await query(
      `INSERT INTO console_audit_log (client_id, organization_id, operation_id, target, outcome, created_at)
       SELECT 'cl_x', 'org', 'createClientUser', 'old ' || n, 'success', $1::timestamptz - n * interval '1 hour'
       FROM generate_series(1, 12000) AS n`,
      [daysAgo(61)],
    );
    // Jobs age from when they finished (their last change), not from when they were ordered.
    for (const [id, status, ordered, finished] of [
      ["job-recent", "succeeded", 6.9, 6.9],
      ["job-ordered-long-ago", "succeeded", 30, 6.9],
      ["job-old", "failed", 7.1, 7.1],
      ["job-old-quarantined", "quarantined", 30, 30],
      // Still followed: kept whatever its age.
      ["job-old-running", "running", 30, 30],
      ["job-old-queued", "queued", 30, 30],
    ] as const)
      await query(
        `INSERT INTO console_jobs (id, organization_id, client_id, family, status, input, created_at, updated_at)
         VALUES ($1, 'org', 'cl_x', 'vin_parts', $2, '{}', $3, $4)`,
        [id, status, daysAgo(ordered), daysAgo(finished)],
      );
    for (const [age, op] of [
      [29.9, "inside"],
      [30.1, "past"],
    ] as const)
      await query(
        `INSERT INTO console_request_log (organization_id, client_id, operation_id, status, duration_ms, created_at)
         VALUES ('org', 'cl_x', $1, 200, 5, $2)`,
        [op, daysAgo(age)],
      );
    for (const [client, age] of [
      ["cl_inside", 399.9],
      ["cl_past", 400.1],
    ] as const)
      await query(
        `INSERT INTO console_usage_readings (client_id, hour, taken_at, source, period_start, period_end, endpoints, plans)
         VALUES ($1, $2, $2, 'schedule', $2, $2, '[]', '[]')`,
        [client, daysAgo(age)],
      );

    const pruned = await pruneExpired(NOW);
    expect(pruned).toEqual({ auditLog: 12_001, jobRecords: 2, requestLog: 1, usageReadings: 1 });
    const left = async (sql: string) => (await query(sql)).rows.map((r) => Object.values(r)[0]);
    expect(await left("SELECT target FROM console_audit_log")).toEqual(["inside"]);
    expect((await left("SELECT id FROM console_jobs ORDER BY id")).sort()).toEqual([
      "job-old-queued",
      "job-old-running",
      "job-ordered-long-ago",
      "job-recent",
    ]);
    expect(await left("SELECT operation_id FROM console_request_log")).toEqual(["inside"]);
    expect(await left("SELECT client_id FROM console_usage_readings")).toEqual(["cl_inside"]);
    // Nothing more to do the second time.
    expect(await pruneExpired(NOW)).toEqual({
      auditLog: 0,
      jobRecords: 0,
      requestLog: 0,
      usageReadings: 0,
    });
  });

  it("runs once per period however many instances tick at once", async () => {
    const at = new Date("2026-11-28T15:10:00Z");
    const rounds = await Promise.all(Array.from({ length: 6 }, () => retentionRound(at)));
    expect(rounds.filter((r) => r !== null)).toHaveLength(1);
    expect(await retentionRound(new Date("2026-11-28T15:59:00Z"))).toBeNull();
    expect(await retentionRound(new Date("2026-11-28T16:00:00Z"))).not.toBeNull();
  });
});
