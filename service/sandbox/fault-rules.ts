import { type LiveAvailabilityReason } from "@/lib/api/contract/warnings";
import { ERROR_CATALOGUE, type ErrorCode } from "@/lib/api/contract/errors";
import { HEADERS } from "@/lib/api/contract/headers";
import { OPERATIONS, type OperationDefinition } from "@/lib/api/contract/operations";
import { errorCodesOf } from "@/lib/api/contract/openapi";
import { type FaultEffect, type FaultRuleInput } from "@/lib/api/contract/sandbox-controls";
import { ApiError } from "../core";

/** Codes that the HTTP layer gives before an operation is known: no rule can stand for them. */
const HTTP_LAYER_CODES = new Set<ErrorCode>([
  "malformed_request",
  "request_headers_too_large",
  "request_timeout",
]);

/** The operation a rule names, if the interface has it. */
export function operationOf(operationId: string): OperationDefinition | undefined {
  return Object.hasOwn(OPERATIONS, operationId)
    ? (OPERATIONS as Record<string, OperationDefinition>)[operationId]
    : undefined;
}

/** The documented errors a rule may inject for an operation. */
export function injectableErrors(op: OperationDefinition): ErrorCode[] {
  return errorCodesOf(op).filter((code) => !HTTP_LAYER_CODES.has(code));
}

/**
 * Problems of a rule against the contract, as field paths with messages (empty when it is
 * valid): a known operation, an endpoint key it has, an error it documents.
 */
export function ruleProblems(input: FaultRuleInput): { path: string; message: string }[] {
  const op = operationOf(input.operationId);
  if (!op) return [{ path: "operationId", message: "is not an operation of the interface" }];
  const problems: { path: string; message: string }[] = [];
  if (input.endpointKey !== undefined && input.endpointKey !== op.endpointKey)
    problems.push({
      path: "endpointKey",
      message: `${input.operationId} belongs to endpoint key ${op.endpointKey}`,
    });
  if (input.effect.kind === "job_failure" && !op.async)
    problems.push({
      path: "effect.kind",
      message: `${input.operationId} never answers with a job; a job failure needs an operation that does`,
    });
  if (input.effect.kind === "error") {
    const allowed = injectableErrors(op);
    if (!(allowed as string[]).includes(input.effect.code))
      problems.push({
        path: "effect.code",
        message: `is not a documented error of ${input.operationId}; one of: ${allowed.join(", ")}`,
      });
    const fields = input.effect.fields ?? {};
    for (const name of ["error", "message"])
      if (Object.hasOwn(fields, name))
        problems.push({ path: `effect.fields.${name}`, message: "is set by the service" });
    if (JSON.stringify(fields).length > 4096)
      problems.push({ path: "effect.fields", message: "must be at most 4 KB of JSON" });
  }
  return problems;
}

/** Codes the service answers with a `Retry-After`: every retryable one. */
function carriesRetryAfter(code: ErrorCode) {
  return ERROR_CATALOGUE[code].retryable;
}

/**
 * The documented error a rule injects, with the status of the catalogue, the headers and body
 * fields the service gives that code itself, and the rule's own fields.
 */
export function injectedError(
  code: ErrorCode,
  effect: Extract<FaultEffect, { kind: "error" }>,
  op: OperationDefinition,
  ruleId: string,
  now: Date,
): ApiError {
  const seconds = effect.retryAfterSeconds ?? 1;
  const headers: Record<string, string> = {};
  const extra: Record<string, unknown> = {};
  if (carriesRetryAfter(code)) headers["Retry-After"] = String(seconds);
  if (code === "rate_limit_exceeded") extra.retryAfterSeconds = seconds;
  if (code === "seo_live_requests_paused") {
    const availableAt = new Date(now.getTime() + seconds * 1000).toISOString();
    headers[HEADERS.liveAvailableAt] = availableAt;
    headers["Retry-After"] = String(seconds);
    extra.liveAvailability = {
      status: "paused",
      reason: "live_enrichment_paused" satisfies LiveAvailabilityReason,
      availableAt,
      retryAfterSeconds: seconds,
    };
  }
  if (ERROR_CATALOGUE[code].status === 400 && code !== "invalid_json") {
    const location = op.request.body ? "body" : op.request.query ? "query" : "path";
    extra.issues = [{ location, path: "", message: `injected by sandbox fault rule ${ruleId}` }];
  }
  return new ApiError(
    code,
    `${ERROR_CATALOGUE[code].meaning} (injected by sandbox fault rule ${ruleId})`,
    { ...extra, ...effect.fields },
    headers,
  );
}
