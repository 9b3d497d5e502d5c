import {
  ORDER_JOB_FAMILIES,
  jobStatusOperation,
  type JobStatusOperation,
} from "@/lib/api/contract/operations";
import { type Handler, type HandlerMap } from "../../context";
import { jobTimingOf, readJob } from "../../domain/jobs";

/**
 * The status operation of every asynchronous-job family, from the table's `job` column: each
 * reads the job of its own family (a job id never moves between families) for the caller.
 */
export const jobStatusHandlers: HandlerMap = Object.fromEntries(
  ORDER_JOB_FAMILIES.map((family) => {
    const handler: Handler<JobStatusOperation> = async (ctx) =>
      // The pipeline checks the status body against the operation's contract before sending it.
      readJob(
        ctx.db,
        jobTimingOf(ctx.service),
        family,
        ctx.caller.client.id,
        (ctx.input.params as { jobId: string }).jobId,
        ctx.now,
      ) as never;
    return [jobStatusOperation(family), handler];
  }),
);
