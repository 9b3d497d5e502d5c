import { context, propagation, ROOT_CONTEXT, SpanKind, trace, type Span } from "@opentelemetry/api";
import { type SpanProcessor } from "@opentelemetry/sdk-trace-node";
import { startTracing } from "@/lib/observability/tracing";

let started = false;

/**
 * OpenTelemetry for the service process (once, however many services it starts; the first call's
 * `processors` stay): a span per call, continuing the caller's W3C `traceparent`, with a span per
 * database statement inside it, so the console's trace id is in the service's log lines. Spans leave the machine only when `OTEL_EXPORTER_OTLP_ENDPOINT` is set.
 */
export function startServiceTracing(processors: SpanProcessor[] = []) {
  if (started) return;
  started = true;
  startTracing("vpmi-service", processors);
}

const tracer = trace.getTracer("vpmi-service");

/** Runs one call inside its span, a child of the trace context its request carries. */
export function inCallSpan<T>(
  name: string,
  headers: { traceparent?: string; tracestate?: string },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = headers.traceparent ? propagation.extract(ROOT_CONTEXT, headers) : ROOT_CONTEXT;
  const span = tracer.startSpan(name, { kind: SpanKind.SERVER }, parent);
  return context.with(trace.setSpan(parent, span), () => work(span)).finally(() => span.end());
}
