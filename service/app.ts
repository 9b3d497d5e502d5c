import { randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import {
  OPERATION_IDS,
  OPERATIONS,
  type OperationDefinition,
  type OperationId,
} from "@/lib/api/contract/operations";
import { buildOpenApiDocument } from "@/lib/api/contract/openapi";
import { HEADERS } from "@/lib/api/contract/headers";
import {
  type HandlerMap,
  type ServiceApp,
  type ServiceBindings,
  type ServiceContext,
} from "./context";
import { admissionStage, type AdmissionStepName } from "./pipeline/admission";
import { mountSandboxControls } from "./sandbox/controls/controls.routes";
import { sandboxFaultStage } from "./sandbox/fault-stage";
import { authenticateStage } from "./pipeline/authenticate";
import { authorizeStage } from "./pipeline/authorize";
import { chargeRequestOf, chargeStage, recordRefundedCall } from "./pipeline/billing";
import { Call, type Stage } from "./pipeline/call";
import { BodyAbandoned } from "./pipeline/request-input";
import { handlerStage } from "./pipeline/handler";
import { replayStage, storeReplayStage } from "./pipeline/idempotency";
import { answerStage, checkResponseStage, errorResponse } from "./pipeline/response";
import { mountReferencePage } from "./reference-page";
import { mountOperatorEndpoints } from "./observability/operator-endpoints";
import { type CallTrace, inCallSpan } from "./observability/service-tracing";
import { allHandlers } from "./routes";
import { mountAgentEndpoint } from "./mcp/agent-endpoint/agent-endpoint.routes";
import { mountOAuth } from "./mcp/oauth/oauth.routes";
import { mountPilotSignIn } from "./routes/intelligence/pilot-sign-in";
import { mountRedirectPages } from "./routes/vin/redirect-page";
import { ApiError } from "./core";

/**
 * The order of admission's steps (`service/pipeline/admission.ts`). Without a body, path and
 * query are read first and a refusal of them is held until the rate verdict; one message counts
 * the attempt, begins the transaction and tries the Client's lock. With a body, the attempt is
 * counted first and the body read with no connection held and no lock taken.
 */
export const ADMISSION_ORDER = {
  withoutBody: [
    "read-input", //                 400: path and query, by the contract (held)
    "check-idempotency-key", //      400: by the operation's column (held)
    "count-attempt-and-try-lock", // one message: the attempt counted, the transaction begun
    "enforce-rate-limits", //        429
    "refuse-held-input", //          the 400 held above
    "require-client-lock", //        429, 409: one active request per Client
  ],
  withBody: [
    "count-attempt", //              the attempt counted and committed
    "enforce-rate-limits", //        429
    "read-input", //                 400, 413, 415: path, query and body (bounded), by the contract
    "check-idempotency-key", //      400
    "take-client-lock", //           429, 409: the transaction begins holding the Client's lock
  ],
} as const satisfies Record<string, readonly AdmissionStepName[]>;

/**
 * The pipeline: every operation's call meets these steps, in this order (the same names, in the
 * same order, in docs/reference-service.md, "Request pipeline"). The first three decide whether
 * the call may start; from the Client's lock on it runs in one transaction, so its charge, its
 * work and its replay record commit together or not at all. The first step that answers ends it.
 */
export function pipelineSteps(handlers: HandlerMap): readonly PipelineStep[] {
  return [
    ["authenticate", authenticateStage], //           401, 403: who calls
    ["authorize", authorizeStage], //                 403: rights, sandbox, allowlist
    ["admit", admissionStage(ADMISSION_ORDER)], //    429, 400, 413, 415, 409: ADMISSION_ORDER
    ["apply-sandbox-faults", sandboxFaultStage], //   the Master's fault rules (reference-service extension)
    ["replay", replayStage], //                       an earlier answer for the key (409 on other input)
    ["charge", chargeStage], //                       402: who pays
    ["work", handlerStage(handlers)], //              the operation's handler
    ["check-answer", checkResponseStage], //          the result, by the contract (500 if not)
    ["keep-for-replay", storeReplayStage], //         the first success, for its Idempotency-Key
    ["answer", answerStage], //                       status, headers and body
  ];
}

type PipelineStep = readonly [name: string, stage: Stage];

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

export function createApp(service: ServiceContext, handlers: HandlerMap = allHandlers): ServiceApp {
  const missing = OPERATION_IDS.filter((id) => !handlers[id]);
  if (missing.length) throw new Error(`No handler for: ${missing.join(", ")}`);
  const app: ServiceApp = new Hono();
  const { log } = service;
  const stages = pipelineSteps(handlers).map(([, stage]) => stage);

  /**
   * Runs one call through the steps. The first stage that answers ends it; the call's
   * transaction commits before the answer leaves. A failure rolls the transaction back, and a
   * documented one after a charge records the call as refunded.
   */
  function run(http: Context<ServiceBindings>, operationId: OperationId) {
    const op: OperationDefinition = OPERATIONS[operationId];
    const traceContext = {
      traceparent: http.req.header("traceparent"),
      tracestate: http.req.header("tracestate"),
    };
    return inCallSpan(`${op.method} ${op.path}`, traceContext, (span) =>
      runCall(http, operationId, op, span.trace).then((response) => {
        span.setStatus(response.status);
        return response;
      }),
    );
  }

  async function runCall(
    http: Context<ServiceBindings>,
    operationId: OperationId,
    op: OperationDefinition,
    trace: CallTrace,
  ) {
    const started = performance.now();
    const call = new Call(operationId, op, http, service, randomUUID(), service.now(), trace);
    let response: Response | undefined;
    let errorCode: string | undefined;
    try {
      for (const stage of stages) {
        response = (await stage(call)) ?? undefined;
        if (response) break;
      }
      if (!response) throw new Error(`no stage answered ${operationId}`);
      await call.commit();
      const outgoing = http.env?.outgoing;
      if (call.charge && outgoing && call.idempotencyKey === undefined)
        service.delivery.watch(outgoing, call.charge.eventId, call.requestId, call.charge.source);
      // A sandbox fault rule: committed, and the answer lost on the way (outcome unknown).
      if (call.drop === "after_commit") call.dropConnection();
      return response;
    } catch (error) {
      await abandon(call, error);
      errorCode =
        error instanceof ApiError
          ? error.code
          : error instanceof BodyAbandoned
            ? "malformed_request"
            : "internal_error";
      if (error instanceof BodyAbandoned) {
        log.info("the client left before its body arrived", {
          operationId,
          requestId: call.requestId,
        });
        response = errorResponse(
          new ApiError("malformed_request", "The request body did not arrive."),
          call.requestId,
          { Connection: "close" },
        );
      } else if (error instanceof ApiError) {
        response = errorResponse(error, call.requestId, {
          ...(op.noStore ? { "Cache-Control": "no-store" } : {}),
          // What became of the charge: refunded when the call was charged before it failed.
          ...(op.billable
            ? { [HEADERS.chargeOutcome]: call.charge ? "refunded" : "not_charged" }
            : {}),
          // Refused before its body was read: the rest of the upload is not wanted.
          ...(op.request.body && !call.bodyRead ? { Connection: "close" } : {}),
        });
      } else {
        log.error("unexpected failure", {
          operationId,
          requestId: call.requestId,
          ...call.trace,
          error,
        });
        response = errorResponse(
          new ApiError("internal_error", "An unexpected error occurred; retry later."),
          call.requestId,
        );
      }
      return response;
    } finally {
      call.release();
      const seconds = (performance.now() - started) / 1000;
      const durationMs = Math.round(seconds * 10_000) / 10;
      service.metrics.answered({
        operationId,
        status: response?.status ?? 0,
        errorCode,
        seconds,
        charge: call.charge,
      });
      if (call.caller && call.sandboxControlsAct)
        journal(
          call,
          call.drop === "before" ? null : (response?.status ?? null),
          errorCode,
          durationMs,
        );
      log.request({
        traceId: call.trace.traceId,
        spanId: call.trace.spanId,
        requestId: call.requestId,
        operationId,
        method: op.method,
        path: op.path,
        clientId: call.caller?.client.id,
        status: response?.status,
        error: errorCode,
        durationMs,
      });
    }
  }

  /** The call in its Master's request journal: metadata only, never a key or a body. */
  function journal(
    call: Call,
    status: number | null,
    errorCode: string | undefined,
    durationMs: number,
  ) {
    const caller = call.who;
    service.journal.record({
      masterClientId: (caller.parent ?? caller.client).id,
      clientId: caller.client.id,
      requestId: call.requestId,
      at: call.now,
      operationId: call.operationId,
      status,
      delivered: call.drop === undefined,
      errorCode: errorCode ?? null,
      billingSource:
        call.charge?.source ?? (call.replayed && call.op.billable ? "idempotent_replay" : null),
      chargedMinor: call.charge?.amountMinor ?? null,
      idempotencyKey: call.idempotencyKey ?? null,
      durationMs,
      faultRuleId: call.faultRuleId ?? null,
    });
  }

  /** Undoes what a failed call began; a connection that failed unexpectedly is not reused. */
  async function abandon(call: Call, error: unknown) {
    if (!(error instanceof ApiError)) call.markBroken();
    if (!call.inTransaction) return;
    try {
      await call.rollback();
      if (call.charge && error instanceof ApiError)
        await recordRefundedCall(await call.connection(), chargeRequestOf(call), call.charge);
    } catch (undone) {
      call.markBroken();
      log.error("rolling back a failed call failed", {
        requestId: call.requestId,
        ...call.trace,
        error: undone,
      });
    }
  }

  mountOperatorEndpoints(app, service);
  app.get("/openapi.json", (c) => c.json(buildOpenApiDocument(service.config.publicUrl)));
  mountReferencePage(app);
  mountRedirectPages(app, service);
  mountPilotSignIn(app, service);
  mountOAuth(app, service);
  mountSandboxControls(app, service);
  mountAgentEndpoint(app, service);

  for (const operationId of OPERATION_IDS) {
    const op: OperationDefinition = OPERATIONS[operationId];
    for (const path of [op.path, ...(op.aliases ?? [])]) {
      // A tool call runs its own operation only: a path argument that spells another
      // operation's address (`/parts/oe/normalize` for `getOePart`) passes that route by.
      app.on(op.method, toHonoPath(path), (c, next) =>
        c.env?.agent && c.env.agent.operationId !== operationId ? next() : run(c, operationId),
      );
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
    if (error instanceof BodyAbandoned) {
      log.info("the client left before its body arrived", {});
      return errorResponse(
        new ApiError("malformed_request", "The request body did not arrive."),
        randomUUID(),
        { Connection: "close" },
      );
    }
    log.error("unhandled error", { error });
    return errorResponse(
      new ApiError("internal_error", "An unexpected error occurred; retry later."),
      randomUUID(),
    );
  });
  return app;
}
