import { randomUUID } from "node:crypto";
import { HEADERS } from "@/lib/api/contract/headers";
import { type OperationDefinition } from "@/lib/api/contract/operation";
import { OPERATIONS, type OperationId } from "@/lib/api/contract/operations";
import { type Logger } from "@/lib/log/logger";
import { type Stage } from "./call";
import { ApiError } from "../core";

export const JSON_TYPE = "application/json; charset=utf-8";

/**
 * An answer's data must match its operation's contract for that status, or it is never sent: a
 * mismatch is logged and the call ends with `500 internal_error`.
 */
export function ensureContract(
  operationId: OperationId,
  status: number,
  data: unknown,
  log: Logger,
): void {
  const op: OperationDefinition = OPERATIONS[operationId];
  const checked = op.responses[status as 200 | 201 | 202]?.safeParse(data);
  if (checked?.success) return;
  log.error("response does not match the contract", {
    operationId,
    status,
    issues: checked?.error?.issues.slice(0, 5),
  });
  throw new ApiError(
    "internal_error",
    "The service produced an invalid response; it was not delivered.",
  );
}

/**
 * `check-answer`: the handler's result must match the operation's contract, or it is never sent. A
 * handler that serialises its answer itself (a kept list) checks what it serialises.
 */
export const checkResponseStage: Stage = async (call) => {
  const result = call.result!;
  Object.assign(
    call.headers,
    call.op.noStore ? { "Cache-Control": "no-store" } : {},
    result.headers,
  );
  if (result.status === 304) {
    call.body = null;
    return;
  }
  const checked = result.checkedBody ?? result.checkedStream;
  if (checked === undefined)
    ensureContract(call.operationId, result.status, result.data, call.service.log);
  call.body = checked ?? JSON.stringify(result.data);
};

/** `answer`: the status, headers and body the call ends with. */
export const answerStage: Stage = async (call) =>
  new Response(call.body ?? null, {
    status: call.result!.status,
    headers: {
      ...(call.body === null ? {} : { "Content-Type": JSON_TYPE }),
      [HEADERS.requestId]: call.requestId,
      ...call.headers,
    },
  });

/** A refusal as every answer of the service gives it: `{error, message}`, its status and headers. */
export function errorResponse(
  error: ApiError,
  requestId: string = randomUUID(),
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
