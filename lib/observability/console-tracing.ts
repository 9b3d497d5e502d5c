import "server-only";
import { type ReadableSpan, type SpanProcessor } from "@opentelemetry/sdk-trace-node";
import { consoleLog } from "@/lib/log/console-log";
import { recordConsoleRequest } from "./console-metrics";
import { startTracing } from "./tracing";

/** The span Next.js opens for every request it answers, with its route pattern and status. */
const REQUEST_SPAN = "BaseServer.handleRequest";

/**
 * Counts every request Next.js answered from the span it opens for it, so the metrics name the
 * route's pattern (`/sub-users/[clientId]`), never a Client's id.
 */
class RequestMetrics implements SpanProcessor {
  onStart() {}
  onEnd(span: ReadableSpan) {
    const a = span.attributes;
    if (a["next.span_type"] !== REQUEST_SPAN) return;
    const [whole, nanos] = span.duration;
    const request = {
      route: String(a["next.route"] ?? a["http.route"] ?? "unmatched"),
      method: String(a["http.method"] ?? "GET"),
      status: Number(a["http.status_code"] ?? 0),
      seconds: whole + nanos / 1e9,
    };
    recordConsoleRequest(request);
    // The request's line, after it ended (outside its span, so the ids are named here).
    const { traceId, spanId } = span.spanContext();
    consoleLog().info("request", {
      route: request.route,
      method: request.method,
      status: request.status,
      durationMs: Math.round(request.seconds * 10_000) / 10,
      traceId,
      requestId: spanId,
    });
  }
  async forceFlush() {}
  async shutdown() {}
}

/**
 * OpenTelemetry for the console's server: Next.js opens the spans (continuing a browser's W3C
 * `traceparent`), the service client sends the context on, log lines carry the trace id. Spans
 * leave the machine only when `OTEL_EXPORTER_OTLP_ENDPOINT` names a collector.
 */
export function startConsoleTracing() {
  startTracing("vpmi-console", [new RequestMetrics()]);
}
