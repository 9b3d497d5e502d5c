import "server-only";
import { after } from "next/server";
import { type ServiceApi } from "@/lib/api/client";
import { consoleConfig } from "@/lib/config/console-env";
import { consoleLog } from "@/lib/log/console-log";
import { ensureSubUsers, refreshSubUsers } from "@/lib/sub-users/sub-user-index";

/** A page waits this long for a Master's list taken for the first time (100,000 take seconds). */
const FIRST_BUILD_WAIT_MS = 3_000;

/**
 * Before a page reads the Master's Sub-user index: built first if it never was (the page waits
 * for that, up to a bound, then says the list is still being taken); if it is older than the
 * refresh interval, it is refreshed once the page has answered, so the next view shows the newer
 * list and this one waits for nothing.
 */
export async function subUsersForPage(api: ServiceApi, masterId: string): Promise<void> {
  const refreshedAt = await ensureSubUsers(api, masterId, { waitMs: FIRST_BUILD_WAIT_MS });
  const interval = consoleConfig().CONSOLE_SUB_USERS_REFRESH_SECONDS * 1000;
  if (refreshedAt && Date.now() - refreshedAt.getTime() > interval)
    after(() =>
      refreshSubUsers(api, masterId).catch((error: unknown) =>
        consoleLog().warn("the Sub-user index could not be refreshed", { error }),
      ),
    );
}
