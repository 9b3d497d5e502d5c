import "server-only";
import { getTranslations } from "next-intl/server";
import { consoleConfig } from "@/lib/config/console-env";
import { getFormats } from "@/lib/i18n/formats-server";

/** What applies where a Sub-user has no override, as far as this console was told. */
export async function defaultLimitSentence(): Promise<string> {
  const [t, formats] = await Promise.all([getTranslations("subUsers.defaultLimit"), getFormats()]);
  const limit = consoleConfig().CONSOLE_SERVICE_DEFAULT_RATE_LIMIT;
  return limit
    ? t("known", {
        max: formats.count(limit.maxRequests),
        window: formats.count(limit.windowSeconds),
      })
    : t("unknown");
}
