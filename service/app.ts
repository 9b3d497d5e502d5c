import { randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import { HEADERS } from "@/lib/api/contract/headers";
import {
  OPERATION_IDS,
  OPERATIONS,
  type OperationDefinition,
  type OperationId,
} from "@/lib/api/contract/operations";
import { buildOpenApiDocument } from "@/lib/api/contract/openapi";
import { type HandlerMap, type RequestContext, type ServiceContext } from "./context";
import { ApiError } from "./pipeline/api-error";
import { authenticate, authorize, type Caller } from "./pipeline/authenticate";
import { chargeCall, chargeHeaders, refundCall, type Charge } from "./pipeline/billing";
import { acquireClientLock, releaseClientLock } from "./pipeline/client-lock";
import {
  abandonIdempotent,
  beginIdempotent,
  checkIdempotencyHeader,
  completeIdempotent,
  fingerprintOf,
  lookupIdempotency,
} from "./pipeline/idempotency";
import { enforceRateLimits, rulesFor } from "./pipeline/rate-limit";
import { parseInput, validationError } from "./pipeline/validate";
import { renderReferencePage } from "./reference-page";
import { allHandlers } from "./routes";
import { mountRedirectPages } from "./routes/vin/redirect-page";

const MAX_BODY_BYTES = 1024 * 1024;

/** Headers kept with an idempotent result so a replay answers like the original. */
const REPLAYED_HEADERS = [
  "Location",
  "Retry-After",
  "Cache-Control",
  "X-Service-Billing-Bundle",
  "X-Service-Sponsorship-Grant",
];

function toHonoPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ":$1");
}

function pathMatcher(path: string): RegExp {
  return new RegExp("^" + path.replace(/\{[A-Za-z0-9_]+\}/g, "[^/]+") + "/?$");
}

const KNOWN_PATHS = OPERATION_IDS.flatMap((id) => {
  const op: OperationDefinition = OPERATIONS[id];
  return [op.path, ...(op.aliases ?? [])].map((p) => ({ re: pathMatcher(p), method: op.method }));
});

function json(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
  });
}

function errorResponse(
  error: ApiError,
  requestId: string,
  extraHeaders: Record<string, string> = {},
): Response {
  return json(error.status, error.body(), {
    [HEADERS.requestId]: requestId,
    ...extraHeaders,
    ...error.headers,
  });
}

function readQuery(url: string): Record<string, string> {
  const query: Record<string, string> = {};
  const params = new URL(url).searchParams;
  const repeated: string[] = [];
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    if (values.length > 1) repeated.push(key);
    query[key] = values[0]!;
  }
  if (repeated.length) {
    throw validationError(
      repeated.map((k) => ({ location: "query" as const, path: k, message: "must be given once" })),
    );
  }
  return query;
}

type BodyRead =
  { kind: "none" } | { kind: "text"; text: string; contentType: string } | { kind: "too_large" };

/** Reads the body before a database connection is taken; it is judged only after authentication. */
async function readBodyText(c: Context, op: OperationDefinition): Promise<BodyRead> {
  if (!op.request.body) return { kind: "none" };
  const text = await c.req.text();
  if (Buffer.byteLength(text, "utf8") > MAX_BODY_BYTES) return { kind: "too_large" };
  return { kind: "text", text, contentType: c.req.header("content-type") ?? "" };
}

function parseBody(read: BodyRead): unknown {
  if (read.kind === "none") return undefined;
  if (read.kind === "too_large")
    throw new ApiError(
      "payload_too_large",
      `The request body must be at most ${MAX_BODY_BYTES} bytes.`,
    );
  if (read.text.trim() === "") return {};
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(read.contentType)) {
    throw new ApiError("unsupported_media_type", "Send the request body as application/json.");
  }
  try {
    return JSON.parse(read.text);
  } catch {
    throw new ApiError("invalid_json", "The request body is not valid JSON.");
  }
}

export function createApp(service: ServiceContext, handlers: HandlerMap = allHandlers): Hono {
  const missing = OPERATION_IDS.filter((id) => !handlers[id]);
  if (missing.length) throw new Error(`No handler for: ${missing.join(", ")}`);
  const app = new Hono();
  const { database, log } = service;

  async function run(c: Context, operationId: OperationId): Promise<Response> {
    const op: OperationDefinition = OPERATIONS[operationId];
    const requestId = randomUUID();
    const started = performance.now();
    const now = service.now();
    let caller: Caller | undefined;
    let response: Response | undefined;
    let errorCode: string | undefined;
    try {
      const bodyRead = await readBodyText(c, op);
      // One connection carries the whole request: fewer round trips, and it holds the Client's lock.
      response = await database.withConnection(async (conn, db) => {
        const who = (caller = await authenticate(conn, c.req.header(HEADERS.apiKey)));
        authorize(who, op);
        await enforceRateLimits(
          conn,
          who.client.id,
          rulesFor(who, op.endpointKey, service.config.defaultRateLimit),
          now,
        );
        const raw = {
          params: c.req.param(),
          query: readQuery(c.req.url),
          body: parseBody(bodyRead),
        };
        const input = parseInput(op.request, raw);
        const idempotencyKey = checkIdempotencyHeader(
          op,
          c.req.header(HEADERS.idempotencyKey),
          raw.body,
        );
        const fingerprint = idempotencyKey ? fingerprintOf(operationId, raw) : "";
        if (idempotencyKey) {
          const found = await lookupIdempotency(
            db,
            who.client.id,
            idempotencyKey,
            fingerprint,
            now,
          );
          if (found.kind === "replay") {
            return new Response(found.response.body, {
              status: found.response.status,
              headers: {
                "Content-Type": "application/json; charset=utf-8",
                ...found.response.headers,
                [HEADERS.requestId]: requestId,
                [HEADERS.idempotentReplay]: "true",
                ...(op.billable ? { [HEADERS.billingSource]: "idempotent_replay" } : {}),
              },
            });
          }
        }
        // Checked at start-up: every operation has one.
        const handler = handlers[operationId] as (
          ctx: RequestContext<OperationId>,
        ) => ReturnType<NonNullable<HandlerMap[OperationId]>>;

        await acquireClientLock(conn, who.client.id);
        let charge: Charge | undefined;
        try {
          if (idempotencyKey)
            await beginIdempotent(db, who.client.id, idempotencyKey, operationId, fingerprint, now);
          try {
            if (op.billable)
              charge = await chargeCall(conn, {
                caller: who,
                endpointKey: op.endpointKey,
                operationId,
                vin: vinOf(raw),
                now,
              });
            const result = await handler({
              operationId,
              op,
              input: input as never,
              caller: who,
              db,
              service,
              requestId,
              now,
              charge,
            });
            const schema = op.responses[result.status as 200 | 201 | 202];
            const checked = schema?.safeParse(result.data);
            if (!checked?.success) {
              log.error("response does not match the contract", {
                operationId,
                status: result.status,
                issues: checked?.error?.issues.slice(0, 5),
              });
              throw new ApiError(
                "internal_error",
                "The service produced an invalid response; it was not delivered.",
              );
            }
            const headers: Record<string, string> = {
              ...(charge ? chargeHeaders(charge) : {}),
              ...(op.noStore ? { "Cache-Control": "no-store" } : {}),
              ...result.headers,
            };
            const body = JSON.stringify(result.data);
            if (idempotencyKey) {
              const kept = Object.fromEntries(
                Object.entries(headers).filter(([k]) => REPLAYED_HEADERS.includes(k)),
              );
              const stored = await completeIdempotent(
                db,
                who.client.id,
                idempotencyKey,
                { status: result.status, headers: kept, body },
                now,
              );
              headers[HEADERS.idempotencyStored] = String(stored);
            }
            return new Response(body, {
              status: result.status,
              headers: {
                "Content-Type": "application/json; charset=utf-8",
                [HEADERS.requestId]: requestId,
                ...headers,
              },
            });
          } catch (error) {
            if (charge) await refundCall(conn, charge);
            if (idempotencyKey) await abandonIdempotent(db, who.client.id, idempotencyKey);
            throw error;
          }
        } finally {
          await releaseClientLock(conn, who.client.id);
        }
      });
      return response;
    } catch (error) {
      errorCode = error instanceof ApiError ? error.code : "internal_error";
      if (error instanceof ApiError) {
        response = errorResponse(
          error,
          requestId,
          op.noStore ? { "Cache-Control": "no-store" } : {},
        );
      } else {
        log.error("unexpected failure", { operationId, requestId, error });
        response = errorResponse(
          new ApiError("internal_error", "An unexpected error occurred; retry later."),
          requestId,
        );
      }
      return response;
    } finally {
      log.info("request", {
        requestId,
        operationId,
        method: op.method,
        path: op.path,
        clientId: caller?.client.id,
        status: response?.status,
        error: errorCode,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      });
    }
  }

  app.get("/openapi.json", (c) => c.json(buildOpenApiDocument(service.config.publicUrl)));
  app.get("/reference", (c) => c.html(renderReferencePage(service.config.publicUrl)));
  mountRedirectPages(app, service);

  for (const operationId of OPERATION_IDS) {
    const op: OperationDefinition = OPERATIONS[operationId];
    for (const path of [op.path, ...(op.aliases ?? [])]) {
      app.on(op.method, toHonoPath(path), (c) => run(c, operationId));
    }
  }

  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    const allowed = KNOWN_PATHS.filter((p) => p.re.test(path)).map((p) => p.method);
    const requestId = randomUUID();
    if (allowed.length) {
      return errorResponse(
        new ApiError("method_not_allowed", `Use ${allowed.join(", ")} on this path.`),
        requestId,
        {
          Allow: [...new Set(allowed)].join(", "),
        },
      );
    }
    return errorResponse(new ApiError("not_found", "No operation exists at this path."), requestId);
  });
  app.onError((error) => {
    log.error("unhandled error", { error });
    return errorResponse(
      new ApiError("internal_error", "An unexpected error occurred; retry later."),
      randomUUID(),
    );
  });
  return app;
}

/** The full VIN a bundle-eligible call is about, from its path or body. */
function vinOf(raw: { params: unknown; body: unknown }): string | undefined {
  const fromPath = (raw.params as { vin?: unknown } | undefined)?.vin;
  const fromBody = (raw.body as { vin?: unknown } | undefined)?.vin;
  const vin =
    typeof fromPath === "string" ? fromPath : typeof fromBody === "string" ? fromBody : undefined;
  return vin && vin.length === 17 ? vin : undefined;
}
