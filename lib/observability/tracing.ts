import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-node";

/**
 * Registers this process's OpenTelemetry tracer provider (W3C trace context, async context):
 * `processors` see every span; spans leave the machine only when `OTEL_EXPORTER_OTLP_ENDPOINT`
 * names a collector (OTLP over HTTP).
 */
export function startTracing(defaultName: string, processors: SpanProcessor[] = []) {
  const all = [...processors];
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT)
    all.push(new BatchSpanProcessor(new OTLPTraceExporter()));
  new NodeTracerProvider({
    resource: resourceFromAttributes({
      "service.name": process.env.OTEL_SERVICE_NAME ?? defaultName,
    }),
    spanProcessors: all,
  }).register();
}
