import "server-only";
import { isTerminalJobState, type JobState } from "../contract/jobs";
import {
  isIntelligenceJobFamily,
  JOB_FAMILIES,
  jobFamilyOf,
  type JobFamily,
  jobStatusOperation,
  type JobStatusOperation,
  OPERATIONS,
} from "../contract/operations";

const STATUS_OPERATIONS = JOB_FAMILIES.map(jobStatusOperation);
import { JobPollTimeoutError, JobQuarantinedError } from "./errors";
import { type ServiceMetadata } from "../contract/headers";
import { type ServiceTransport } from "./service-client";

/**
 * Finds which status operation a `statusUrl` addresses. A URL on another origin, or one that
 * matches no job path, is refused: the API key is never sent anywhere but the service.
 */
export function resolveStatusUrl(
  baseUrl: string,
  statusUrl: string,
): { operationId: JobStatusOperation; family: JobFamily; jobId: string } | undefined {
  let url: URL;
  try {
    url = new URL(statusUrl);
  } catch {
    return undefined;
  }
  const base = new URL(baseUrl);
  if (url.origin !== base.origin || url.search || url.hash) return undefined;
  const path = url.pathname.slice(base.pathname.replace(/\/$/, "").length);
  for (const operationId of STATUS_OPERATIONS) {
    const [prefix, suffix] = OPERATIONS[operationId].path.split("{jobId}") as [string, string];
    if (path.startsWith(prefix) && path.endsWith(suffix)) {
      const jobId = decodeURIComponent(path.slice(prefix.length, path.length - suffix.length));
      if (/^[A-Za-z0-9_-]{1,64}$/.test(jobId))
        return { operationId, family: jobFamilyOf(operationId), jobId };
    }
  }
  return undefined;
}

/** One reading of a job's status. */
export interface JobStatusReading {
  family: JobFamily;
  status: JobState;
  result?: unknown;
  error?: { code: string; message: string };
  /** When to read again: the longer of `Retry-After` and the body's `retryAfterSeconds`. */
  nextPollSeconds?: number;
  metadata: ServiceMetadata;
}

/**
 * Reads a job's status once: the one poller, used by the console and by `pollJob`. Polling
 * belongs to the original order, so this never orders again; a `statusUrl` that is not the
 * service's own is quarantined and never called.
 */
export async function readJobStatus(
  transport: ServiceTransport,
  apiKey: string,
  statusUrl: string,
  options: { signal?: AbortSignal } = {},
): Promise<JobStatusReading> {
  const target = resolveStatusUrl(transport.baseUrl, statusUrl);
  if (!target) throw new JobQuarantinedError("getVinPartsJob", statusUrl, undefined, { statusUrl });
  const response = await transport.call(
    apiKey,
    target.operationId,
    { params: { jobId: target.jobId } },
    { signal: options.signal },
  );
  // An Intelligence job answers 202 while pending and 200 with the final result itself.
  if (isIntelligenceJobFamily(target.family)) {
    const pending = (response as { status: number }).status === 202;
    const body = response.data as { status?: "queued" | "running"; retryAfterSeconds?: number };
    const wait = Math.max(response.metadata.retryAfterSeconds ?? 0, body.retryAfterSeconds ?? 0);
    return {
      family: target.family,
      status: pending ? (body.status ?? "running") : "succeeded",
      result: pending ? undefined : response.data,
      nextPollSeconds: pending ? Math.max(wait, 1) : undefined,
      metadata: response.metadata,
    };
  }
  const data = response.data as {
    status: JobState;
    result?: unknown;
    error?: { code: string; message: string };
    retryAfterSeconds?: number;
  };
  const next = Math.max(response.metadata.retryAfterSeconds ?? 0, data.retryAfterSeconds ?? 0);
  return {
    family: target.family,
    status: data.status,
    result: data.result,
    error: data.error,
    nextPollSeconds: isTerminalJobState(data.status) ? undefined : Math.max(next, 1),
    metadata: response.metadata,
  };
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

/**
 * Reads a job until it succeeds or fails, waiting between readings as the service asks (see
 * `readJobStatus`), starting with the `202`'s own `retryAfterSeconds`.
 */
export async function pollJob(
  transport: ServiceTransport,
  apiKey: string,
  accepted: { statusUrl: string; retryAfterSeconds?: number },
  options: PollOptions = {},
): Promise<JobStatusReading> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const deadline = Date.now() + (options.maxWaitMs ?? 120_000);
  let waitSeconds = accepted.retryAfterSeconds ?? 0;
  if (!resolveStatusUrl(transport.baseUrl, accepted.statusUrl))
    throw new JobQuarantinedError("getVinPartsJob", accepted.statusUrl, undefined, accepted);
  for (;;) {
    await sleep(Math.max(options.minIntervalMs ?? 0, waitSeconds * 1000));
    options.signal?.throwIfAborted();
    const reading = await readJobStatus(transport, apiKey, accepted.statusUrl, options);
    options.onPoll?.(reading.status);
    if (reading.nextPollSeconds === undefined) return reading;
    waitSeconds = reading.nextPollSeconds;
    if (Date.now() + waitSeconds * 1000 > deadline)
      throw new JobPollTimeoutError(accepted.statusUrl, reading.status);
  }
}
