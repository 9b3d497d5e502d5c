import { context, propagation, trace } from "@opentelemetry/api";

/** The W3C trace context of the work in progress, as headers for a call it makes. */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** The trace and span a log line belongs to, when a traced request is being answered. */
export function traceFields(): { traceId?: string; spanId?: string } {
  const span = trace.getActiveSpan()?.spanContext();
  return span && trace.isSpanContextValid(span)
    ? { traceId: span.traceId, spanId: span.spanId }
    : {};
}
