import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type pg from "pg";

const tracer = trace.getTracer("vpmi-service-db");

/** Statement text kept on a span (placeholders only: values, such as key hashes, never are). */
const MAX_STATEMENT = 500;

type Query = (...args: unknown[]) => unknown;

/**
 * Each statement this connection runs while a call is being answered becomes a span of that
 * call's trace (`db.query`, with its text). Work outside a call (housekeeping, migrations) and
 * the callback and cursor forms of `query` pass through untouched.
 */
export function traceStatements(client: pg.ClientBase) {
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const first = args[0] as { text?: unknown; submit?: unknown } | string | undefined;
    if (
      !trace.getActiveSpan() ||
      typeof args[args.length - 1] === "function" ||
      (typeof first === "object" && first !== null && "submit" in first)
    )
      return query(...args);
    const text = typeof first === "string" ? first : String(first?.text ?? "");
    const span = tracer.startSpan("db.query", {
      kind: SpanKind.CLIENT,
      attributes: { "db.system": "postgresql", "db.statement": text.slice(0, MAX_STATEMENT) },
    });
    return (query(...args) as Promise<unknown>).then(
      (result) => {
        span.end();
        return result;
      },
      (error: unknown) => {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        span.end();
        throw error;
      },
    );
  };
}
