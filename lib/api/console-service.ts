import "server-only";
import { consoleConfig } from "@/lib/config/console-env";
import { processState } from "@/lib/process-state";
import { bindApi, KeyQueue, ServiceTransport, type ServiceApi } from "@/lib/api/client";
import { recordServiceCall } from "@/lib/observability/console-metrics";
import { traceHeaders } from "@/lib/observability/trace-context";
import { recordRequest } from "@/lib/store/request-log";
import { recordUsageWarnings } from "@/lib/store/usage-warnings";

let transport: ServiceTransport | undefined;

/**
 * The transport to the service. Its per-key queue is one per process, so every call of one
 * Client waits its turn whether a page, a server action or a route handler makes it; the
 * transport itself is one per bundle, so the errors it throws are of this bundle's classes
 * (callers branch with `instanceof`).
 */
export function serviceTransport(): ServiceTransport {
  const config = consoleConfig();
  transport ??= new ServiceTransport({
    baseUrl: config.SERVICE_URL,
    timeoutMs: config.SERVICE_TIMEOUT_MS,
    queue: processState("service-key-queue", () => new KeyQueue()),
    observe: recordServiceCall,
    extraHeaders: traceHeaders,
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
