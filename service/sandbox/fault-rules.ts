import { z } from "zod";
import { ERROR_CATALOGUE, type ErrorCode } from "@/lib/api/contract/errors";
import { HEADERS } from "@/lib/api/contract/headers";
import { OPERATIONS, type OperationDefinition } from "@/lib/api/contract/operations";
import { errorCodesOf } from "@/lib/api/contract/openapi";
import { ApiError } from "../pipeline/api-error";

/**
 * What a fault rule does to a call it fires on:
 * - `latency`: the call runs as usual, `ms` later (holding its Client, as a slow call does);
 * - `error`: the call answers a documented error of its operation, exactly as the service would
 *   (status, code, headers, body), before anything is charged;
 * - `drop_before`: the connection is closed before the call does anything (nothing happened);
 * - `drop_after_commit`: the call runs and commits (charged, stored, kept for replay), then the
 *   connection is closed instead of answering: the "outcome unknown" case.
 */
export const faultEffect = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("latency"), ms: z.number().int().min(1).max(60_000) }),
  z.strictObject({
    kind: z.literal("error"),
    code: z.string().min(1).max(100),
    /** Seconds in `Retry-After` (and the live-availability time) for the codes that carry it. */
    retryAfterSeconds: z.number().int().min(1).max(86_400).optional(),
    /** Fields added to the error body, for codes whose documented body carries more. */
    fields: z.record(z.string().max(100), z.json()).optional(),
  }),
  z.strictObject({ kind: z.literal("drop_before") }),
  z.strictObject({ kind: z.literal("drop_after_commit") }),
]);
export type FaultEffect = z.infer<typeof faultEffect>;

export const faultRuleInput = z.strictObject({
  operationId: z.string().min(1).max(100),
  endpointKey: z.string().min(1).max(100).optional(),
  effect: faultEffect,
  /** Fires on the next N matching calls; without it, on every matching call. */
  times: z.number().int().min(1).max(1_000_000).optional(),
  /** The chance that a matching call is affected (default 1). */
  probability: z.number().gt(0).max(1).optional(),
});
export type FaultRuleInput = z.infer<typeof faultRuleInput>;

/** A rule as a caller carries it (loaded with the key, see `authenticate`). */
export interface FaultRule {
  id: string;
  operationId: string;
  endpointKey: string | null;
  effect: FaultEffect;
  remaining: number | null;
  probability: number | null;
}

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
      reason: "live_enrichment_paused",
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
