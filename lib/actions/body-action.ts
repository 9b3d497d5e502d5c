import "server-only";
import { type z } from "zod";
import { type OperationId } from "@/lib/api/contract/operations";
import { isBillable, receiptOf, type ReceiptFacts } from "@/lib/billing/receipt-facts";
import { type ActionResult } from "./action-result";
import { defineAction } from "./define-action";

export type BodyActionResult = ActionResult<{
  result: Record<string, unknown>;
  receipt: ReceiptFacts;
}>;

/**
 * An action that sends its input as the operation's body and answers the result with its
 * receipt. The answer goes to the browser once: no target, no content in the audit or request
 * log, nothing stored (the scanner's personal documents among them).
 */
export function bodyAction<Id extends OperationId>(operation: Id, body: z.ZodType) {
  const action = defineAction({
    operation,
    input: body,
    async run(input, { call }) {
      const res = await call({ body: input } as never);
      return {
        result: res.data as Record<string, unknown>,
        receipt: receiptOf(res.metadata, { billable: isBillable(operation) }),
      };
    },
  });
  return (input: unknown): Promise<BodyActionResult> => action(input as never);
}
