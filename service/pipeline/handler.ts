import { drizzle } from "drizzle-orm/node-postgres";
import { type OperationId } from "@/lib/api/contract/operations";
import { type HandlerMap, type RequestContext } from "../context";
import { type Stage } from "./call";

/**
 * `work`: the operation's own work, in the call's transaction. Handlers get the transaction's
 * connection without `transaction()`: the pipeline owns the transaction, so a handler cannot
 * commit part of a call.
 */
export function handlerStage(handlers: HandlerMap): Stage {
  return async (call) => {
    // Checked at start-up: every operation has one.
    const handler = handlers[call.operationId] as (
      ctx: RequestContext<OperationId>,
    ) => ReturnType<NonNullable<HandlerMap[OperationId]>>;
    const conn = await call.connection();
    call.result = await handler({
      operationId: call.operationId,
      op: call.op,
      input: call.input!.parsed as never,
      caller: call.who,
      db: drizzle(conn),
      conn,
      service: call.service,
      requestId: call.requestId,
      header: (name) => call.http.req.header(name),
      now: call.now,
      instanceNow: call.instanceNow,
      charge: call.charge,
      sandboxJobFailure: call.jobFailure,
    });
  };
}
