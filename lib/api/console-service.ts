import "server-only";
import { consoleConfig } from "@/lib/config/console-env";
import { bindApi, ServiceTransport, type ServiceApi } from "@/lib/api/client";
import { recordRequest } from "@/lib/store/request-log";
import { recordUsageWarnings } from "@/lib/store/usage-warnings";

let transport: ServiceTransport | undefined;

/** The console process's one transport: its per-key queue serialises every call of one Client. */
export function serviceTransport(): ServiceTransport {
  const config = consoleConfig();
  transport ??= new ServiceTransport({
    baseUrl: config.SERVICE_URL,
    timeoutMs: config.SERVICE_TIMEOUT_MS,
  });
  return transport;
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
