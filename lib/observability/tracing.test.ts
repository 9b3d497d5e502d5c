import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-node";
import { SpanStatusCode } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { REDACTED } from "@/lib/log/redact-url";
import { RedactingSpanProcessor } from "./tracing";

const TOKEN = "q3Xb9vKf0_2mZr8LwP-7tYcN1aHsE4uJdGoVkRi6BnQ";

/** A provider as `startTracing` builds it: the redactor first, then what exports. */
function recorder() {
  const exported = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    spanProcessors: [new RedactingSpanProcessor(), new SimpleSpanProcessor(exported)],
  });
  return { tracer: provider.getTracer("t"), exported };
}

describe("the redacting span processor", () => {
  it("takes secrets out of a request span's name, attributes, events and status before it is exported", () => {
    const { tracer, exported } = recorder();
    const span = tracer.startSpan(`GET /invite/${TOKEN}`, {
      attributes: {
        "http.method": "GET",
        "http.target": `/invite/${TOKEN}?_rsc=abc`,
        "next.route": "/invite/[token]",
        "http.status_code": 200,
      },
    });
    span.setAttribute("http.url", "http://127.0.0.1:3000/sso/callback?code=c0de&state=st4te");
    span.setAttribute("tags", [`/invite/${TOKEN}`, "plain"]);
    span.addEvent("exception", { "exception.message": `failed at /invite/${TOKEN}` });
    span.setStatus({ code: SpanStatusCode.ERROR, message: `GET /agent/callback?code=c0de` });
    span.end();

    const [out] = exported.getFinishedSpans();
    expect(out!.name).toBe(`GET /invite/${REDACTED}`);
    expect(out!.attributes).toEqual({
      "http.method": "GET",
      "http.target": `/invite/${REDACTED}?_rsc=${REDACTED}`,
      "next.route": "/invite/[token]",
      "http.status_code": 200,
      "http.url": `http://127.0.0.1:3000/sso/callback?code=${REDACTED}&state=${REDACTED}`,
      tags: [`/invite/${REDACTED}`, "plain"],
    });
    expect(out!.events[0]!.attributes).toEqual({
      "exception.message": `failed at /invite/${REDACTED}`,
    });
    expect(out!.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: `GET /agent/callback?code=${REDACTED}`,
    });
    expect(JSON.stringify(out!.attributes) + out!.name).not.toContain(TOKEN);
  });

  it("leaves a span without secrets as it was", () => {
    const { tracer, exported } = recorder();
    tracer
      .startSpan("db.query", {
        attributes: { "db.statement": "SELECT id FROM clients WHERE id = $1", "db.system": "pg" },
      })
      .end();
    const [out] = exported.getFinishedSpans();
    expect(out!.name).toBe("db.query");
    expect(out!.attributes["db.statement"]).toBe("SELECT id FROM clients WHERE id = $1");
  });
});
