import { randomUUID } from "node:crypto";
import { HEADERS } from "@/lib/api/contract/headers";
import { ApiError } from "./api-error";
import { type Stage } from "./call";

export const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Stage 10: the handler's result must match the operation's contract, or it is never sent. A body
 * kept from an earlier call was checked when it was built.
 */
export const checkResponseStage: Stage = async (call) => {
  const result = call.result!;
  const kept = result.checkedBody;
  if (kept === undefined) {
    const checked = call.op.responses[result.status as 200 | 201 | 202]?.safeParse(result.data);
    if (!checked?.success) {
      call.service.log.error("response does not match the contract", {
        operationId: call.operationId,
        status: result.status,
        issues: checked?.error?.issues.slice(0, 5),
      });
      throw new ApiError(
        "internal_error",
        "The service produced an invalid response; it was not delivered.",
      );
    }
  }
  Object.assign(
    call.headers,
    call.op.noStore ? { "Cache-Control": "no-store" } : {},
    result.headers,
  );
  call.body = kept ?? JSON.stringify(result.data);
  if (kept === undefined) result.keepBody?.(call.body);
};

/** Stage 12: the answer. */
export const answerStage: Stage = async (call) =>
  new Response(call.body!, {
    status: call.result!.status,
    headers: { "Content-Type": JSON_TYPE, [HEADERS.requestId]: call.requestId, ...call.headers },
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
