import "server-only";
import { isBillable, type ReceiptFacts, receiptOf } from "@/lib/billing/receipt-facts";
import { fieldErrorsOf } from "@/lib/actions/action-result";
import { fieldOfCode, messageForCode } from "@/lib/operations/code-sentences";
import { serverWords } from "@/lib/actions/server-words";
import { InvalidInputError, ServiceError } from "@/lib/api/client";
import { RoleRefusedError } from "@/lib/auth/role-refused";
import { type ServiceMetadata } from "@/lib/api/contract/headers";
import { type OperationId, OPERATIONS } from "@/lib/api/contract/operations";

/** What one call answered, as a page shows it: the data, or the documented refusal; each with its receipt. */
export type Outcome<T> =
  | { ok: true; operation: OperationId; data: T; receipt: ReceiptFacts }
  | {
      ok: false;
      operation: OperationId;
      code: string;
      message: string;
      /** The refusal is one the operation documents as an outcome (not found, ambiguous, no match). */
      documented: boolean;
      /** Field messages by input name (the contract's or the service's validation issues). */
      fieldErrors: Record<string, string>;
      /** The error body's operation-specific fields (an echo, `liveAvailability`). */
      details: Record<string, unknown>;
      receipt: ReceiptFacts | null;
    };

function detailsOf(body: Record<string, unknown>): Record<string, unknown> {
  const { error: _e, message: _m, issues: _i, ...rest } = body;
  return rest;
}

/**
 * Runs one read for a page and keeps a refusal as an outcome to show (with its own receipt: a
 * refund is a settlement too). Anything else (the service unreachable, a contract violation)
 * goes to the segment's error page.
 */
export async function attempt<T>(
  operation: OperationId,
  call: () => Promise<{ data: T; metadata: ServiceMetadata }>,
): Promise<Outcome<T>> {
  try {
    const res = await call();
    return {
      ok: true,
      operation,
      data: res.data,
      receipt: receiptOf(res.metadata, { billable: isBillable(operation) }),
    };
  } catch (error) {
    const codes = await serverWords("codes");
    if (error instanceof ServiceError)
      return {
        ok: false,
        operation,
        code: error.code,
        message: messageForCode(error.code, error.retryAfterSeconds, error.message, codes),
        documented: (OPERATIONS[operation].errors as readonly string[]).includes(error.code),
        fieldErrors: { ...fieldOfCode(error.code, codes), ...fieldErrorsOf(error.issues) },
        details: detailsOf(error.body),
        receipt: receiptOf(error.metadata, {
          billable: isBillable(operation),
          refusedWith: error.status,
        }),
      };
    if (error instanceof RoleRefusedError)
      return {
        ok: false,
        operation,
        code: error.code,
        message: error.message,
        documented: false,
        fieldErrors: {},
        details: {},
        receipt: null,
      };
    if (error instanceof InvalidInputError)
      return {
        ok: false,
        operation,
        code: "invalid_request",
        message: codes("invalidInput"),
        documented: false,
        fieldErrors: fieldErrorsOf(error.issues),
        details: {},
        receipt: null,
      };
    throw error;
  }
}

/** The field's message, when the outcome was refused for it. */
export const fieldError = (outcome: Outcome<unknown> | null | undefined, field: string) =>
  outcome && !outcome.ok ? outcome.fieldErrors[field] : undefined;
