import "server-only";
import { apiForKey } from "@/lib/api/console-service";
import { ServiceError } from "@/lib/api/client";
import { liveSessionKeys } from "@/lib/auth/session";
import { consoleConfig } from "@/lib/config/console-env";
import { startScheduledRounds } from "@/lib/store/scheduled-rounds";
import { ensureSubUsers, subUsersDueForReading } from "@/lib/sub-users/sub-user-index";
import { recordUsageReading } from "./usage-readings";

export interface ScheduledRound {
  clients: number;
  subUsers: number;
  failures: number;
}

/**
 * One scheduled round: the usage of every Client with a live session, and for a Master the
 * usage of up to `subUserLimit` of its active Sub-users, those read least recently first. Calls
 * go through the same per-key queue as the signed-in user's own, so they never overlap them.
 */
export async function takeScheduledReadings(subUserLimit: number): Promise<ScheduledRound> {
  const round: ScheduledRound = { clients: 0, subUsers: 0, failures: 0 };
  for (const live of await liveSessionKeys()) {
    const api = apiForKey(live.apiKey, live);
    try {
      await recordUsageReading((await api.getClientUsage()).data, "schedule");
      round.clients += 1;
      if (!live.isMaster || subUserLimit === 0) continue;
      // From the console's index, which the Sub-user round keeps (built here if it never was).
      await ensureSubUsers(api, live.clientId);
      const due = await subUsersDueForReading(live.clientId, subUserLimit);
      for (const clientId of due) {
        try {
          const usage = await api.getClientUserUsage({ params: { clientId } });
          await recordUsageReading(usage.data, "schedule");
          round.subUsers += 1;
        } catch (error) {
          if (!(error instanceof ServiceError)) throw error;
          round.failures += 1;
        }
      }
    } catch (error) {
      // One Client's refusal (a revoked key, a deactivated Client) does not stop the round.
      if (!(error instanceof ServiceError)) throw error;
      round.failures += 1;
    }
  }
  return round;
}

/** Starts the schedule once per console process (called from `instrumentation.ts`). */
export function startUsageSchedule(): void {
  const config = consoleConfig();
  startScheduledRounds("usage-readings", config.CONSOLE_USAGE_READING_SECONDS, async () => ({
    ...(await takeScheduledReadings(config.CONSOLE_USAGE_READING_SUB_USERS)),
  }));
}
