import "server-only";
import { isTerminalJobState, type JobState } from "../contract/jobs";
import { OPERATIONS, type OperationId } from "../contract/operations";
import { JobPollTimeoutError, JobQuarantinedError } from "./errors";
import { type ServiceResponse, type ServiceTransport } from "./service-client";

/** Status operations of the job families, matched by path; a job id never moves between families. */
export const JOB_STATUS_OPERATIONS = [
  "getVinPartsJob",
  "getVinCartCheckJob",
  "getVinEconomicEvaluationJob",
  "getPartImageGenerationJob",
] as const satisfies readonly OperationId[];
export type JobStatusOperation = (typeof JOB_STATUS_OPERATIONS)[number];

/**
 * Finds which status operation a `statusUrl` addresses. A URL on another origin, or one that
 * matches no job path, is refused: the API key is never sent anywhere but the service.
 */
export function resolveStatusUrl(
  baseUrl: string,
  statusUrl: string,
): { operationId: JobStatusOperation; jobId: string } | undefined {
  let url: URL;
  try {
    url = new URL(statusUrl);
  } catch {
    return undefined;
  }
  const base = new URL(baseUrl);
  if (url.origin !== base.origin || url.search || url.hash) return undefined;
  const path = url.pathname.slice(base.pathname.replace(/\/$/, "").length);
  for (const operationId of JOB_STATUS_OPERATIONS) {
    const [prefix, suffix] = OPERATIONS[operationId].path.split("{jobId}") as [string, string];
    if (path.startsWith(prefix) && path.endsWith(suffix)) {
      const jobId = decodeURIComponent(path.slice(prefix.length, path.length - suffix.length));
      if (/^[A-Za-z0-9_-]{1,64}$/.test(jobId)) return { operationId, jobId };
    }
  }
  return undefined;
}

export interface PollOptions {
  signal?: AbortSignal;
  /** Total time to keep polling before giving up (the job is not re-ordered). */
  maxWaitMs?: number;
  /** Floor for the wait between polls. */
  minIntervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  onPoll?: (status: JobState) => void;
}

type JobStatusData = { status: JobState; retryAfterSeconds?: number };

/**
 * Polls a job until it succeeds or fails. Between polls it waits the longer of the
 * `Retry-After` header and the body's `retryAfterSeconds`. Polling belongs to the original
 * order: this never orders again, whatever happens.
 */
export async function pollJob(
  transport: ServiceTransport,
  apiKey: string,
  accepted: { statusUrl: string; retryAfterSeconds?: number },
  options: PollOptions = {},
): Promise<ServiceResponse<JobStatusOperation>> {
  const target = resolveStatusUrl(transport.baseUrl, accepted.statusUrl);
  if (!target)
    throw new JobQuarantinedError("getVinPartsJob", accepted.statusUrl, undefined, accepted);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const deadline = Date.now() + (options.maxWaitMs ?? 120_000);
  let waitSeconds = accepted.retryAfterSeconds ?? 0;
  for (;;) {
    await sleep(Math.max(options.minIntervalMs ?? 0, waitSeconds * 1000));
    options.signal?.throwIfAborted();
    const response = await transport.call(
      apiKey,
      target.operationId,
      { params: { jobId: target.jobId } },
      { signal: options.signal },
    );
    const data = response.data as JobStatusData;
    options.onPoll?.(data.status);
    if (isTerminalJobState(data.status)) return response;
    waitSeconds = Math.max(
      response.metadata.retryAfterSeconds ?? 0,
      data.retryAfterSeconds ?? 0,
      1,
    );
    if (Date.now() + waitSeconds * 1000 > deadline)
      throw new JobPollTimeoutError(accepted.statusUrl, data.status);
  }
}
