import { randomFillSync } from "node:crypto";
import { context, propagation, ROOT_CONTEXT, SpanKind, trace } from "@opentelemetry/api";
import { type SpanProcessor } from "@opentelemetry/sdk-trace-node";
import { startTracing } from "@/lib/observability/tracing";

/**
 * How the service follows a call's trace. With somewhere for spans to go (a collector named by
 * `OTEL_EXPORTER_OTLP_ENDPOINT`, or processors a test gives), OpenTelemetry records a span per
 * call, continuing the caller's W3C `traceparent`, with a span per database statement inside it.
 * With nowhere (the default), no span would ever leave the process, and keeping OpenTelemetry's
 * context across every `await` of every call cost the service 9 to 29 % of its
 * throughput (`npm run bench`): the call only continues the caller's trace id (or starts one)
 * and takes a span id of its own, which its log lines carry all the same.
 */
let recordSpans = false;
let started = false;

/** Starts tracing for this process (once, however many services it starts; the first call decides). */
export function startServiceTracing(processors: SpanProcessor[] = []) {
  if (started) return;
  started = true;
  if (processors.length === 0 && !process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  recordSpans = true;
  startTracing("vpmi-service", processors);
}

/** Whether this process records spans (see above). */
export const recordsSpans = () => recordSpans;

/** The trace a call belongs to, as its log lines carry it. */
export interface CallTrace {
  traceId: string;
  spanId: string;
}

/** What a call's work may say of it on its span (nothing is recorded without spans). */
export interface CallSpan {
  readonly trace: CallTrace;
  setStatus(status: number): void;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/**
 * The trace id and parent span id of a W3C `traceparent` header, or undefined when it is absent
 * or not one (the call then starts a trace of its own, as the recommendation says).
 */
export function parseTraceparent(
  header: string | undefined,
): { traceId: string; parentSpanId: string } | undefined {
  const m = header === undefined ? null : TRACEPARENT.exec(header.trim());
  if (!m) return undefined;
  const [, version, traceId, parentSpanId, , rest] = m;
  // Version ff is invalid; version 00 has exactly four fields; all-zero ids are invalid.
  if (version === "ff" || (version === "00" && rest !== undefined)) return undefined;
  if (/^0+$/.test(traceId!) || /^0+$/.test(parentSpanId!)) return undefined;
  return { traceId: traceId!, parentSpanId: parentSpanId! };
}

const tracer = trace.getTracer("vpmi-service");

/**
 * Random bytes for ids, drawn from a pool filled 4 KiB at a time: two `randomBytes` calls per
 * request were 2 % of the service's time under `GET /ping` load (a profile of `npm run bench`).
 */
const idPool = Buffer.alloc(4096);
let idPoolUsed = idPool.length;

/** `bytes` random bytes as lower-case hex, never all zeros (W3C trace context forbids it). */
export function randomHexId(bytes: number): string {
  for (;;) {
    if (idPoolUsed + bytes > idPool.length) {
      randomFillSync(idPool);
      idPoolUsed = 0;
    }
    const id = idPool.toString("hex", idPoolUsed, idPoolUsed + bytes);
    idPoolUsed += bytes;
    if (!/^0+$/.test(id)) return id;
  }
}

/** Runs one call in its trace: a child of the trace context its request carries. */
export function inCallSpan<T>(
  name: string,
  headers: { traceparent?: string; tracestate?: string },
  work: (span: CallSpan) => Promise<T>,
): Promise<T> {
  if (!recordSpans) {
    const parent = parseTraceparent(headers.traceparent);
    const trace = {
      traceId: parent?.traceId ?? randomHexId(16),
      spanId: randomHexId(8),
    };
    return work({ trace, setStatus: () => {} });
  }
  const parent = headers.traceparent ? propagation.extract(ROOT_CONTEXT, headers) : ROOT_CONTEXT;
  const span = tracer.startSpan(name, { kind: SpanKind.SERVER }, parent);
  const { traceId, spanId } = span.spanContext();
  return context
    .with(trace.setSpan(parent, span), () =>
      work({
        trace: { traceId, spanId },
        setStatus: (status) => span.setAttribute("http.response.status_code", status),
      }),
    )
    .finally(() => span.end());
}
