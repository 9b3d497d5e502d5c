/**
 * `npm run bench:crash`: billable and mutating calls from five Clients and a Master, the
 * reference service killed with SIGKILL three times under that load and restarted on the same
 * database. Prints what was answered, what was charged, and what must be zero: charges whose
 * outcome the caller cannot reach, and acknowledged writes that are missing.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "@/lib/db/postgres-server";
import { freePort } from "@/lib/net/free-port";
import { runCrashScenario } from "./crash/crash-scenario";

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "vpmi-crash-"));
  chmodSync(dir, 0o755);
  const postgres = await startEmbeddedPostgres(path.join(dir, "pg-server"));
  try {
    const figures = await runCrashScenario({
      databaseUrl: await postgres.ensureDatabase("crash"),
      dataDir: path.join(dir, "service"),
      port: await freePort(),
      clients: Number(process.env.CRASH_CLIENTS ?? 5),
      kills: Number(process.env.CRASH_KILLS ?? 3),
      phaseMs: Number(process.env.CRASH_PHASE_MS ?? 4000),
      log: (line) => console.log(line),
    });
    console.log("");
    console.table(figures);
    const ok =
      figures.chargesWithoutRetrievableOutcome === 0 && figures.acknowledgedWritesMissing === 0;
    console.log(
      ok ? "OK: every charge has an outcome, every acknowledged write is there." : "FAILED",
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
