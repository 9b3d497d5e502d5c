import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { claimRound } from "@/lib/db/claim-round";
import { consoleConfig } from "@/lib/config/console-env";
import { createLogger } from "@/lib/log/logger";
import { processState } from "@/lib/process-state";
import { getStore } from "@/lib/store/db";
import { scheduledRounds } from "@/lib/store/schema";

const instance = processState("instance", () => ({ id: randomUUID() }));

/** Claims kept this many periods back, for an operator wondering which instance ran what. */
const KEPT_PERIODS = 48;

/**
 * Claims this period's round of `job` for this console process. Every instance ticks on its own
 * timer; the first whose claim of the period lands runs the round, the others skip it.
 */
export async function claimScheduledRound(
  job: string,
  periodSeconds: number,
  now = new Date(),
): Promise<boolean> {
  const slot = Math.floor(now.getTime() / (periodSeconds * 1000));
  return claimRound(
    await getStore(),
    scheduledRounds,
    { job, slot, claimedBy: instance.id, claimedAt: now },
    { periods: KEPT_PERIODS, of: eq(scheduledRounds.job, job) },
  );
}

const started = processState("scheduled-round-timers", () => new Set<string>());

/**
 * Runs `round` every `seconds` (from `instrumentation.ts`, once per process per job), once per
 * period across instances: each tick claims the period first. A round still running when the
 * next tick comes is not started twice; a failed one is logged and the next period tries again.
 */
export function startScheduledRounds(
  job: string,
  seconds: number,
  round: () => Promise<Record<string, number>>,
): void {
  if (started.has(job) || seconds === 0) return;
  started.add(job);
  const log = createLogger(job, consoleConfig().LOG_LEVEL);
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      if (!(await claimScheduledRound(job, seconds))) return;
      log.debug("round done", await round());
    } catch (error) {
      log.warn("round failed", { error });
    } finally {
      running = false;
    }
  };
  setInterval(() => void tick(), seconds * 1000).unref();
}
