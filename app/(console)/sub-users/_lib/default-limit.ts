import "server-only";
import { getTranslations } from "next-intl/server";
import { consoleConfig } from "@/lib/config/console-env";
import { formatCount } from "@/lib/format";

/** What applies where a Sub-user has no override, as far as this console was told. */
export async function defaultLimitSentence(): Promise<string> {
  const t = await getTranslations("subUsers.defaultLimit");
  const limit = consoleConfig().CONSOLE_SERVICE_DEFAULT_RATE_LIMIT;
  return limit
    ? t("known", {
        max: formatCount(limit.maxRequests),
        window: formatCount(limit.windowSeconds),
      })
    : t("unknown");
}
