import "server-only";
import { type z } from "zod";
import { JobQuarantinedError } from "@/lib/api/client";
import {
  type JobFamily,
  type OperationDefinition,
  OPERATIONS,
  type OperationId,
} from "@/lib/api/contract/operations";
import { type ActionContext, defineAction } from "@/lib/actions/define-action";
import { type JobOwner, type OrderResponse, recordStart } from "./job-store";

/**
 * Runs an order and records what it answered (an immediate result as a finished job, an accepted
 * job to follow); a quarantined job is recorded as such. Server-only: never an action itself.
 */
async function order(
  owner: JobOwner,
  family: JobFamily,
  input: Record<string, unknown>,
  call: () => Promise<OrderResponse>,
) {
  try {
    return { jobId: await recordStart(owner, family, input, { response: await call() }) };
  } catch (error) {
    if (error instanceof JobQuarantinedError)
      return { jobId: await recordStart(owner, family, input, { quarantined: error }) };
    throw error;
  }
}

/**
 * A server action that orders asynchronous work and keeps it as a console job, of the family its
 * operation's row names. `subject` is the order as it is sent and as the jobs list shows it (the
 * input itself unless said otherwise); `send` makes the call with it.
 */
export function defineOrder<
  Id extends OperationId,
  S extends z.ZodType<Record<string, unknown>>,
  Subject extends Record<string, unknown> = z.output<S>,
>(config: {
  operation: Id;
  input: S;
  target: (input: z.output<S>) => string | undefined;
  subject?: (input: z.output<S>) => Subject;
  send: (subject: Subject, call: ActionContext<Id>["call"]) => Promise<OrderResponse>;
}) {
  const row: OperationDefinition = OPERATIONS[config.operation];
  if (!row.job) throw new Error(`${config.operation} orders no job`);
  const family = row.job.family as JobFamily;
  const { subject = (input: z.output<S>) => input as Subject, send } = config;
  return defineAction<Id, S, { jobId: string }>({
    operation: config.operation,
    input: config.input,
    target: config.target,
    run: (input, { call, session }) => {
      const ordered = subject(input);
      return order(session, family, ordered, () => send(ordered, call));
    },
  });
}
