import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, inject, it } from "vitest";
import { runCrashScenario } from "@/bench/crash/crash-scenario";
import { externalPostgres } from "@/lib/db/postgres-server";
import { freePort } from "@/lib/net/free-port";

it("after SIGKILL under load every charge has an outcome its caller can reach, and no acknowledged write is lost", async () => {
  const server = externalPostgres(inject("pgServerUrl"));
  const dbName = `t_crash_${randomBytes(4).toString("hex")}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "vpmi-crash-"));
  try {
    const figures = await runCrashScenario({
      databaseUrl: await server.ensureDatabase(dbName),
      dataDir,
      port: await freePort(),
      clients: 3,
      kills: 2,
      phaseMs: 1500,
    });
    expect(figures.billableAnswered2xx).toBeGreaterThan(50);
    expect(figures.callsWithoutAnswer).toBeGreaterThan(0);
    expect(figures.chargesWithoutRetrievableOutcome).toBe(0);
    expect(figures.acknowledgedWritesMissing).toBe(0);
    // What was charged is what was answered (or replayed), less answers refunded in the caller's favour.
    expect(figures.chargesRecorded).toBe(
      figures.billableAnswered2xx -
        figures.answeredButRefundedAfterCrash +
        figures.keyedCallsReplayedAfterCrash,
    );
  } finally {
    await server.dropDatabase(dbName);
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
