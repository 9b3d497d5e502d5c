import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  type Span,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-node";
import { redactText } from "@/lib/log/logger";

/**
 * Takes every secret out of a span while it can still change (`onEnding`, before any processor
 * after it sees the ended span): its name, string attributes (Next.js's `http.target` holds the
 * raw path and query: `/invite/<token>`, `/sso/callback?code=…&state=…`; its fetch spans the
 * service's URL), its events' and its status message, through the log redactor: no invitation
 * token, code, state or key reaches an exporter, a metric or a log line built from a span.
 */
export class RedactingSpanProcessor implements SpanProcessor {
  onStart() {}
  onEnding(span: Span) {
    const name = redactText(span.name);
    if (name !== span.name) span.updateName(name);
    for (const [key, value] of Object.entries(span.attributes)) {
      if (typeof value === "string") {
        const clean = redactText(value);
        if (clean !== value) span.setAttribute(key, clean);
      } else if (Array.isArray(value) && value.some((v) => typeof v === "string"))
        span.setAttribute(
          key,
          (value as string[]).map((v) => (typeof v === "string" ? redactText(v) : v)),
        );
    }
    for (const event of span.events) {
      event.name = redactText(event.name);
      for (const [key, value] of Object.entries(event.attributes ?? {}))
        if (typeof value === "string") event.attributes![key] = redactText(value);
    }
    if (span.status.message)
      span.setStatus({ ...span.status, message: redactText(span.status.message) });
  }
  onEnd() {}
  async forceFlush() {}
  async shutdown() {}
}

/**
 * Registers this process's OpenTelemetry tracer provider (W3C trace context, async context):
 * the redactor first, then `processors`, which see every span; spans leave the machine only
 * when `OTEL_EXPORTER_OTLP_ENDPOINT` names a collector (OTLP over HTTP), redacted.
 */
export function startTracing(defaultName: string, processors: SpanProcessor[] = []) {
  const all: SpanProcessor[] = [new RedactingSpanProcessor(), ...processors];
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT)
    all.push(new BatchSpanProcessor(new OTLPTraceExporter()));
  new NodeTracerProvider({
    resource: resourceFromAttributes({
      "service.name": process.env.OTEL_SERVICE_NAME ?? defaultName,
    }),
    spanProcessors: all,
  }).register();
}
