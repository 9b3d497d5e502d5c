import "server-only";
import { consoleConfig } from "@/lib/config/console-env";
import { formatCount } from "@/lib/format";

/** What applies where a Sub-user has no override, as far as this console was told. */
export function defaultLimitSentence(): string {
  const limit = consoleConfig().CONSOLE_SERVICE_DEFAULT_RATE_LIMIT;
  return limit
    ? `Without an override, the service's default applies: ${formatCount(limit.maxRequests)} requests per ${formatCount(limit.windowSeconds)} s for each endpoint key.`
    : "Without an override, the service's default limits apply (the service does not report them, and CONSOLE_SERVICE_DEFAULT_RATE_LIMIT is not set for this console).";
}
