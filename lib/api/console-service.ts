import "server-only";
import { consoleConfig } from "@/lib/config/console-env";
import { processState } from "@/lib/process-state";
import { bindApi, KeyQueue, ServiceTransport, type ServiceApi } from "@/lib/api/client";
import { recordServiceCall } from "@/lib/observability/console-metrics";
import { traceHeaders } from "@/lib/observability/trace-context";
import { recordRequest, type RequestLogOwner } from "@/lib/store/request-log";
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

/**
 * Typed operations for one signed-in Client; usage warnings it receives go to the banner, and
 * each call to the request log of the organization that made it.
 */
export function apiForKey(apiKey: string, owner?: RequestLogOwner): ServiceApi {
  return bindApi(
    serviceTransport(),
    apiKey,
    async (_operationId, metadata) => {
      if (owner && metadata.usageWarnings.length)
        await recordUsageWarnings(owner.clientId, metadata.usageWarnings);
    },
    owner ? (record) => recordRequest(owner, record) : undefined,
  );
}
