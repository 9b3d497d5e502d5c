import { randomUUID } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import { Hono, type Context } from "hono";
import type pg from "pg";
import { HEADERS } from "@/lib/api/contract/headers";
import {
  OPERATION_IDS,
  OPERATIONS,
  type OperationDefinition,
  type OperationId,
} from "@/lib/api/contract/operations";
import { buildOpenApiDocument } from "@/lib/api/contract/openapi";
import {
  type HandlerMap,
  type RequestContext,
  type ServiceApp,
  type ServiceBindings,
  type ServiceContext,
} from "./context";
import { ApiError } from "./pipeline/api-error";
import { authenticate, authorize, type Caller } from "./pipeline/authenticate";
import {
  chargeCall,
  chargeHeaders,
  recordRefundedCall,
  type Charge,
  type ChargeRequest,
} from "./pipeline/billing";
import { beginClientTransaction } from "./pipeline/client-lock";
import {
  checkIdempotencyHeader,
  fingerprintOf,
  lookupIdempotency,
  storeIdempotentResult,
} from "./pipeline/idempotency";
import { enforceRateLimits, rulesFor } from "./pipeline/rate-limit";
import { parseJsonBody, readBoundedBody, readQuery } from "./pipeline/request-input";
import { parseInput } from "./pipeline/validate";
import { renderReferencePage } from "./reference-page";
import { allHandlers } from "./routes";
import { mountRedirectPages } from "./routes/vin/redirect-page";

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

const JSON_TYPE = "application/json; charset=utf-8";

function errorResponse(
  error: ApiError,
  requestId: string,
  extraHeaders: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(error.body()), {
    status: error.status,
    headers: {
      "Content-Type": JSON_TYPE,
      [HEADERS.requestId]: requestId,
      ...extraHeaders,
      ...error.headers,
    },
  });
}

/** The operation's call as it reached the handler: the input, parsed, and the raw form it is fingerprinted by. */
interface CallInput {
  raw: { params: unknown; query: unknown; body: unknown };
  input: ReturnType<typeof parseInput>;
  idempotencyKey: string | undefined;
}

export function createApp(service: ServiceContext, handlers: HandlerMap = allHandlers): ServiceApp {
  const missing = OPERATION_IDS.filter((id) => !handlers[id]);
  if (missing.length) throw new Error(`No handler for: ${missing.join(", ")}`);
  const app: ServiceApp = new Hono();
  const { database, log } = service;

  /**
   * Who calls, whether they may, and within their limits: on a connection of its own, before a
   * byte of any body is read. Rate limits count every authenticated attempt, committed at once.
   */
  async function admit(conn: pg.PoolClient, c: Context, op: OperationDefinition, now: Date) {
    const caller = await authenticate(conn, c.req.header(HEADERS.apiKey));
    authorize(caller, op);
    await enforceRateLimits(
      conn,
      caller.client.id,
      rulesFor(caller, op.endpointKey, service.config.defaultRateLimit),
      now,
    );
    return caller;
  }

  /** The body (bounded), path and query, parsed against the contract; the Idempotency-Key checked. */
  async function readInput(
    c: Context<ServiceBindings>,
    op: OperationDefinition,
  ): Promise<CallInput> {
    const body = op.request.body
      ? parseJsonBody(
          await readBoundedBody(c.req.raw, c.env?.incoming),
          c.req.header("content-type"),
        )
      : undefined;
    const raw = { params: c.req.param(), query: readQuery(c.req.url), body };
    const input = parseInput(op.request, raw);
    const idempotencyKey = checkIdempotencyHeader(op, c.req.header(HEADERS.idempotencyKey), body);
    return { raw, input, idempotencyKey };
  }

  /**
   * The call's work in one transaction under the Client's lock: replay lookup, charge, handler,
   * stored result. It commits or rolls back as a whole, so a charge exists exactly when its
   * outcome does (the answer, the job, the replay record); a documented failure rolls back the
   * work and records the call as refunded.
   */
  async function perform(
    conn: pg.PoolClient,
    operationId: OperationId,
    caller: Caller,
    call: CallInput,
    requestId: string,
    now: Date,
    answerIsTheOutcome: boolean,
  ): Promise<{ response: Response; open: boolean; charge?: Charge }> {
    const op: OperationDefinition = OPERATIONS[operationId];
    const { idempotencyKey } = call;
    await beginClientTransaction(conn, {
      clientId: caller.client.id,
      idempotencyKey,
      abandonedRequestSeconds: service.config.abandonedRequestSeconds,
    });
    const db = drizzle(conn);
    const chargeRequest: ChargeRequest = {
      caller,
      endpointKey: op.endpointKey,
      operationId,
      vin: vinOf(call.raw),
      requestId,
      instanceId: service.delivery.instanceId,
      pendingDelivery: answerIsTheOutcome && idempotencyKey === undefined,
      now,
    };
    let charge: Charge | undefined;
    try {
      const fingerprint = idempotencyKey ? fingerprintOf(operationId, call.raw) : "";
      if (idempotencyKey) {
        const found = await lookupIdempotency(
          db,
          caller.client.id,
          idempotencyKey,
          fingerprint,
          now,
        );
        if (found.kind === "replay") {
          await conn.query("ROLLBACK");
          const response = new Response(found.response.body, {
            status: found.response.status,
            headers: {
              "Content-Type": JSON_TYPE,
              ...found.response.headers,
              [HEADERS.requestId]: requestId,
              [HEADERS.idempotentReplay]: "true",
              ...(op.billable ? { [HEADERS.billingSource]: "idempotent_replay" } : {}),
            },
          });
          return { response, open: false };
        }
      }
      if (op.billable) charge = await chargeCall(conn, chargeRequest);
      // Checked at start-up: every operation has one.
      const handler = handlers[operationId] as (
        ctx: RequestContext<OperationId>,
      ) => ReturnType<NonNullable<HandlerMap[OperationId]>>;
      const result = await handler({
        operationId,
        op,
        input: call.input as never,
        caller,
        db,
        service,
        requestId,
        now,
        charge,
      });
      const checked = op.responses[result.status as 200 | 201 | 202]?.safeParse(result.data);
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
        const stored = await storeIdempotentResult(
          db,
          {
            clientId: caller.client.id,
            key: idempotencyKey,
            operationId,
            fingerprint,
            requestId,
            response: { status: result.status, headers: kept, body },
          },
          now,
        );
        headers[HEADERS.idempotencyStored] = String(stored);
      }
      const response = new Response(body, {
        status: result.status,
        headers: { "Content-Type": JSON_TYPE, [HEADERS.requestId]: requestId, ...headers },
      });
      return { response, open: true, charge };
    } catch (error) {
      await conn.query("ROLLBACK");
      if (charge && error instanceof ApiError)
        await recordRefundedCall(conn, chargeRequest, charge);
      throw error;
    }
  }

  async function run(c: Context<ServiceBindings>, operationId: OperationId) {
    const op: OperationDefinition = OPERATIONS[operationId];
    const requestId = randomUUID();
    const started = performance.now();
    const now = service.now();
    let caller: Caller | undefined;
    let response: Response | undefined;
    let errorCode: string | undefined;
    let conn: pg.PoolClient | undefined;
    let healthy = true;
    let bodyRead = !op.request.body;
    try {
      conn = await database.pool.connect();
      caller = await admit(conn, c, op, now);
      if (op.request.body) {
        // A body may arrive slowly: no connection is held while it does.
        conn.release();
        conn = undefined;
      }
      const call = await readInput(c, op);
      bodyRead = true;
      conn ??= await database.pool.connect();
      const outgoing = c.env?.outgoing;
      const done = await perform(conn, operationId, caller, call, requestId, now, !!outgoing);
      if (done.open) await conn.query("COMMIT");
      if (done.charge && outgoing && call.idempotencyKey === undefined)
        service.delivery.watch(outgoing, done.charge.eventId, requestId);
      response = done.response;
      return response;
    } catch (error) {
      errorCode = error instanceof ApiError ? error.code : "internal_error";
      if (error instanceof ApiError) {
        response = errorResponse(error, requestId, {
          ...(op.noStore ? { "Cache-Control": "no-store" } : {}),
          // Refused before its body was read: the rest of the upload is not wanted.
          ...(bodyRead ? {} : { Connection: "close" }),
        });
      } else {
        healthy = false;
        log.error("unexpected failure", { operationId, requestId, error });
        response = errorResponse(
          new ApiError("internal_error", "An unexpected error occurred; retry later."),
          requestId,
        );
      }
      return response;
    } finally {
      // A connection that failed unexpectedly may be mid-transaction or gone: never reuse it.
      conn?.release(!healthy);
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
