import "server-only";
import { consoleConfig } from "@/lib/config/console-env";
import { processState } from "@/lib/process-state";
import { bindApi, ServiceTransport, type ServiceApi } from "@/lib/api/client";
import { recordRequest } from "@/lib/store/request-log";
import { recordUsageWarnings } from "@/lib/store/usage-warnings";

/**
 * The console process's one transport: its per-key queue serialises every call of one Client,
 * whether a page, a server action or a route handler makes it.
 */
export function serviceTransport(): ServiceTransport {
  return processState("service-transport", () => {
    const config = consoleConfig();
    return new ServiceTransport({
      baseUrl: config.SERVICE_URL,
      timeoutMs: config.SERVICE_TIMEOUT_MS,
    });
  });
}

/** Typed operations for one signed-in Client; usage warnings it receives go to the banner. */
export function apiForKey(apiKey: string, clientId?: string): ServiceApi {
  return bindApi(
    serviceTransport(),
    apiKey,
    async (_operationId, metadata) => {
      if (clientId && metadata.usageWarnings.length)
        await recordUsageWarnings(clientId, metadata.usageWarnings);
    },
    clientId ? (record) => recordRequest(clientId, record) : undefined,
  );
}
