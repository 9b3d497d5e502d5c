import "server-only";
import { apiForKey } from "@/lib/api/console-service";
import { ServiceError } from "@/lib/api/client";
import { liveSessionKeys } from "@/lib/auth/session";
import { consoleConfig } from "@/lib/config/console-env";
import { startScheduledRounds } from "@/lib/store/scheduled-rounds";
import { LeaseLostError, refreshSubUsers } from "./sub-user-index";

/**
 * One round: the Sub-user list of every Master with a live session taken into the console's
 * index (a list unchanged since the last round costs a `304`), so changes made outside the
 * console show within the refresh interval.
 */
export async function refreshSignedInMasters(): Promise<{
  refreshed: number;
  unchanged: number;
  busy: number;
  failures: number;
}> {
  const round = { refreshed: 0, unchanged: 0, busy: 0, failures: 0 };
  for (const live of await liveSessionKeys()) {
    if (!live.isMaster) continue;
    try {
      round[await refreshSubUsers(apiForKey(live.apiKey, live), live.clientId)] += 1;
    } catch (error) {
      // Another instance took this Master's list over: it is being refreshed.
      if (error instanceof LeaseLostError) {
        round.busy += 1;
        continue;
      }
      // One Master's refusal (a revoked key) does not stop the round.
      if (!(error instanceof ServiceError)) throw error;
      round.failures += 1;
    }
  }
  return round;
}

/** Starts the round once per console process (called from `instrumentation.ts`). */
export function startSubUserSchedule(): void {
  startScheduledRounds(
    "sub-user-index",
    consoleConfig().CONSOLE_SUB_USERS_REFRESH_SECONDS,
    refreshSignedInMasters,
  );
}
