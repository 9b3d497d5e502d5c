import "server-only";
import { humanIssue } from "@/lib/validation/human-issues";
import { randomUUID } from "node:crypto";
import { type z } from "zod";
import { errorBody } from "../contract/errors";
import { HEADERS, parseServiceMetadata, type ServiceMetadata } from "../contract/headers";
import {
  OPERATION_IDS,
  OPERATIONS,
  type OperationDefinition,
  type OperationId,
  type OperationInput,
  type OperationResult,
  rejectsIdempotencyKey,
} from "../contract/operations";
import {
  ContractViolationError,
  InvalidInputError,
  JobQuarantinedError,
  OutcomeUnknownError,
  ServiceError,
  ServiceUnreachableError,
} from "./errors";
import { KeyQueue } from "./key-queue";
import { ListItemReader } from "./list-items";

export interface RetryPolicy {
  /** Attempts in all for retryable failures (first try included). */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for; the error goes to the caller. */
  maxRetryAfterMs: number;
}

export interface ServiceClientOptions {
  baseUrl: string;
  /** Per-request timeout; operations with a documented hint (300 s) use that instead. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Injectable for tests: waits and jitter. The transport is always real HTTP. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** The per-key queue, when transports share one (one per process in the console). */
  queue?: KeyQueue;
  /** Told of every attempt (metrics): its status (null when no answer came), error code and time. */
  observe?: (attempt: AttemptRecord) => void;
  /** Headers every request carries besides the contract's (the trace context of the caller). */
  extraHeaders?: () => Record<string, string>;
}

export interface AttemptRecord {
  operationId: OperationId;
  status: number | null;
  /** The answer's `error` code, or why no answer came (`timeout`, `network`). */
  errorCode: string | null;
  seconds: number;
}

export interface CallOptions {
  /** Reuse one key for one logical action (for example a form resubmitted after a failure). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * For a list too long to hold: the items of the answer's `list` are checked against the
   * contract and handed to `onItems` as they arrive, never kept (`data` has the list empty).
   * `onItems` returning false stops the read there. The key's queue is held only until the
   * answer starts: the service takes the next call while this one's list is still arriving.
   */
  stream?: ListStream;
  /** A conditional read: `304` (the copy with this entity tag is current) comes back with no data. */
  ifNoneMatch?: string;
}

export interface ListStream {
  list: string;
  onItems: (items: unknown[]) => Promise<boolean | void> | boolean | void;
}

export type ServiceResponse<Id extends OperationId> = OperationResult<Id> & {
  metadata: ServiceMetadata;
  /** The key sent, when the operation declares one. */
  idempotencyKey?: string;
  /** The answer's entity tag, where the service gives one (a standard HTTP optimisation). */
  etag?: string;
  /** Answered `304` to `ifNoneMatch`: `data` is absent, the caller's copy is current. */
  notModified?: boolean;
};

/** An answer whose list is still to be read (`stream`), outside the key's queue. */
interface ArrivingList {
  arriving: Response;
  metadata: ServiceMetadata;
}

const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 10_000,
};
/** Codes that certify the request was refused before any work, so even a non-replay-safe call may be sent again. */
const REFUSED_BEFORE_WORK = new Set(["client_request_in_progress", "rate_limit_exceeded"]);

const sleepFor = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function buildUrl(
  baseUrl: string,
  op: OperationDefinition,
  input: { params?: unknown; query?: unknown },
): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = op.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name])),
  );
  const url = new URL(baseUrl + path);
  for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  }
  return url.toString();
}

function checkInput(
  operationId: OperationId,
  op: OperationDefinition,
  input: { params?: unknown; query?: unknown; body?: unknown },
) {
  const issues: { location: string; path: string; message: string }[] = [];
  const check = (location: string, schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return;
    const result = schema.safeParse(value ?? (location === "path" ? undefined : {}), {
      error: humanIssue,
    });
    if (!result.success) {
      for (const i of result.error.issues)
        issues.push({ location, path: i.path.map(String).join("."), message: i.message });
    }
  };
  check("path", op.request.params, input.params);
  check("query", op.request.query, input.query);
  check("body", op.request.body, input.body);
  if (issues.length) throw new InvalidInputError(operationId, issues);
}

/** Resolves `Location` against the request URL and compares it with `statusUrl` exactly. */
export function locationMatches(
  location: string | undefined,
  statusUrl: string,
  requestUrl: string,
): boolean {
  if (!location) return false;
  try {
    return new URL(location, requestUrl).toString() === new URL(statusUrl).toString();
  } catch {
    return false;
  }
}

/**
 * The one private transport to the service. It adds `X-Api-Key` and `Accept`, sends
 * `Idempotency-Key` only where the operation declares it, serialises calls per key, retries
 * only retryable codes with bounded jittered backoff and `Retry-After`, never repeats a
 * non-replay-safe call after an uncertain outcome, and parses every answer with the contract.
 */
export class ServiceTransport {
  readonly baseUrl: string;
  private readonly retry: RetryPolicy;
  private readonly queue: KeyQueue;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: ServiceClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/$/, "");
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.queue = options.queue ?? new KeyQueue();
    this.sleep = options.sleep ?? sleepFor;
    this.random = options.random ?? Math.random;
  }

  /** Exponential backoff with jitter, never shorter than the server's `Retry-After`. */
  backoffMs(attempt: number, retryAfterSeconds?: number): number {
    const exponential = Math.min(
      this.retry.maxDelayMs,
      this.retry.baseDelayMs * 2 ** (attempt - 1),
    );
    const jittered = exponential * (0.5 + this.random() * 0.5);
    return Math.max(jittered, (retryAfterSeconds ?? 0) * 1000);
  }

  async call<Id extends OperationId>(
    apiKey: string,
    operationId: Id,
    input: OperationInput<Id>,
    options: CallOptions = {},
  ): Promise<ServiceResponse<Id>> {
    const op: OperationDefinition = OPERATIONS[operationId];
    const raw = input as { params?: unknown; query?: unknown; body?: unknown };
    checkInput(operationId, op, raw);
    // Generated once per logical action, so every retry of it carries the same key.
    const idempotencyKey = rejectsIdempotencyKey(op, raw.body)
      ? undefined
      : (options.idempotencyKey ?? randomUUID());
    const url = buildUrl(this.baseUrl, op, raw);
    const answer = await this.queue.run(apiKey, () =>
      this.attempts(apiKey, operationId, op, url, raw.body, idempotencyKey, options),
    );
    if (!("arriving" in answer)) return answer;
    return this.readList(operationId, op, answer, options.stream!);
  }

  /** Reads a streamed answer: its list's items, checked, to `onItems`; then the rest, checked. */
  private async readList<Id extends OperationId>(
    operationId: Id,
    op: OperationDefinition,
    { arriving, metadata }: ArrivingList,
    stream: ListStream,
  ): Promise<ServiceResponse<Id>> {
    const schema = op.responses[200] as z.ZodObject;
    const itemSchema = (schema.shape[stream.list] as z.ZodArray<z.ZodType>).element;
    const reader = new ListItemReader(stream.list);
    const decoder = new TextDecoder();
    const body = arriving.body!.getReader();
    const violation = (issues: unknown[]) =>
      new ContractViolationError(operationId, arriving.status, issues);
    try {
      for (;;) {
        const { done, value } = await body.read();
        let texts: string[];
        try {
          texts = reader.push(done ? decoder.decode() : decoder.decode(value, { stream: true }));
        } catch (error) {
          throw violation([error instanceof Error ? error.message : "unreadable answer"]);
        }
        if (texts.length) {
          const items = texts.map((text) => {
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              throw violation(["an entry of the list is not JSON"]);
            }
            const checked = itemSchema.safeParse(json);
            if (!checked.success) throw violation(checked.error.issues);
            return checked.data;
          });
          if ((await stream.onItems(items)) === false) {
            await body.cancel();
            return { status: 200, data: undefined, metadata } as unknown as ServiceResponse<Id>;
          }
        }
        if (done) break;
      }
    } catch (error) {
      await body.cancel().catch(() => undefined);
      throw error;
    }
    let rest: unknown;
    try {
      rest = JSON.parse(reader.rest());
    } catch {
      throw violation(["the answer is not complete JSON"]);
    }
    const parsed = schema.safeParse(rest);
    if (!parsed.success) throw violation(parsed.error.issues);
    return {
      status: 200,
      data: parsed.data,
      metadata,
      etag: arriving.headers.get("etag") ?? undefined,
    } as ServiceResponse<Id>;
  }

  private async attempts<Id extends OperationId>(
    apiKey: string,
    operationId: Id,
    op: OperationDefinition,
    url: string,
    body: unknown,
    idempotencyKey: string | undefined,
    options: CallOptions,
  ): Promise<ServiceResponse<Id> | ArrivingList> {
    const headers: Record<string, string> = {
      ...this.options.extraHeaders?.(),
      [HEADERS.apiKey]: apiKey,
      Accept: "application/json",
    };
    if (options.ifNoneMatch) headers["If-None-Match"] = options.ifNoneMatch;
    if (idempotencyKey) headers[HEADERS.idempotencyKey] = idempotencyKey;
    if (op.request.body) headers["Content-Type"] = "application/json";
    const timeoutMs =
      options.timeoutMs ??
      (op.timeoutSeconds ? op.timeoutSeconds * 1000 : (this.options.timeoutMs ?? 30_000));

    for (let attempt = 1; ; attempt++) {
      const signals = [AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])];
      let response: Response;
      const started = performance.now();
      const observe = (status: number | null, errorCode: string | null) =>
        this.options.observe?.({
          operationId,
          status,
          errorCode,
          seconds: (performance.now() - started) / 1000,
        });
      try {
        response = await fetch(url, {
          method: op.method,
          headers,
          body: op.request.body ? JSON.stringify(body ?? {}) : undefined,
          signal: AbortSignal.any(signals),
          cache: "no-store",
          redirect: "manual",
        });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        const reason =
          error instanceof DOMException && error.name === "TimeoutError" ? "timeout" : "network";
        observe(null, reason);
        if (!op.replaySafe) throw new OutcomeUnknownError(operationId, reason, error);
        if (attempt >= this.retry.maxAttempts)
          throw new ServiceUnreachableError(operationId, reason, error);
        await this.sleep(this.backoffMs(attempt));
        continue;
      }

      const metadata = parseServiceMetadata(response.headers);
      const etag = response.headers.get("etag") ?? undefined;
      if (response.status === 304 && options.ifNoneMatch) {
        observe(304, null);
        return { status: 304, data: undefined, metadata, etag, notModified: true } as never;
      }
      if (response.status === 200 && options.stream && response.body) {
        observe(200, null);
        return { arriving: response, metadata };
      }
      const text = await response.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      if (response.ok) {
        observe(response.status, null);
        const schema = op.responses[response.status as 200 | 201 | 202];
        const parsed = schema?.safeParse(json);
        if (!schema || !parsed?.success) {
          throw new ContractViolationError(
            operationId,
            response.status,
            parsed?.error?.issues ?? ["unexpected status"],
          );
        }
        if (response.status === 202) {
          const statusUrl = (parsed.data as { statusUrl: string }).statusUrl;
          if (!locationMatches(metadata.location, statusUrl, url)) {
            throw new JobQuarantinedError(operationId, statusUrl, metadata.location, parsed.data);
          }
        }
        return {
          status: response.status,
          data: parsed.data,
          metadata,
          idempotencyKey,
          etag,
        } as ServiceResponse<Id>;
      }

      const parsedError = errorBody.safeParse(json);
      const errorJson = parsedError.success
        ? parsedError.data
        : {
            error: `http_${response.status}`,
            message: `The service answered ${response.status} without a documented error body.`,
          };
      observe(response.status, errorJson.error);
      const error = new ServiceError(
        operationId,
        response.status,
        errorJson.error,
        errorJson.message,
        errorJson as Record<string, unknown>,
        metadata,
        response.headers,
      );
      const refusedBeforeWork = REFUSED_BEFORE_WORK.has(error.code);
      if (!op.replaySafe && !refusedBeforeWork && response.status >= 500) {
        throw new OutcomeUnknownError(operationId, "server_error", error);
      }
      const mayRetry =
        error.retryable && (op.replaySafe || refusedBeforeWork) && attempt < this.retry.maxAttempts;
      const waitMs = this.backoffMs(attempt, error.retryAfterSeconds);
      if (!mayRetry || waitMs > this.retry.maxRetryAfterMs) throw error;
      await this.sleep(waitMs);
    }
  }
}

type Args<Id extends OperationId> =
  object extends OperationInput<Id>
    ? [input?: OperationInput<Id>, options?: CallOptions]
    : [input: OperationInput<Id>, options?: CallOptions];

/** One typed function per operation of the table, bound to one API key. */
export type ServiceApi = {
  [Id in OperationId]: (...args: Args<Id>) => Promise<ServiceResponse<Id>>;
};

/**
 * `onResponse` sees the metadata of every successful answer (usage warnings, billing source,
 * replay): the one route by which response metadata reaches the console.
 */
/** How one call ended, for the console's request log (no key, no body). */
export interface CallRecord {
  operationId: OperationId;
  status: number | null;
  errorCode: string | null;
  billingSource: string | null;
  replayed: boolean;
  durationMs: number;
}

export function bindApi(
  transport: ServiceTransport,
  apiKey: string,
  onResponse?: (operationId: OperationId, metadata: ServiceMetadata) => void | Promise<void>,
  onCall?: (record: CallRecord) => void | Promise<void>,
): ServiceApi {
  return Object.fromEntries(
    OPERATION_IDS.map((id) => [
      id,
      async (
        input: OperationInput<typeof id> = {} as OperationInput<typeof id>,
        options?: CallOptions,
      ) => {
        const started = performance.now();
        const record = (r: Omit<CallRecord, "operationId" | "durationMs">) =>
          onCall?.({ operationId: id, durationMs: Math.round(performance.now() - started), ...r });
        let response: { status: number; metadata: ServiceMetadata };
        try {
          response = await transport.call(apiKey, id, input, options);
        } catch (error) {
          // Input the console refused itself never left it: that is no call, and no log entry.
          if (error instanceof InvalidInputError) throw error;
          await record(
            error instanceof ServiceError
              ? {
                  status: error.status,
                  errorCode: error.code,
                  billingSource: error.metadata.billingSource ?? null,
                  replayed: false,
                }
              : {
                  status: error instanceof JobQuarantinedError ? 202 : null,
                  errorCode: error instanceof Error ? error.name : "unknown",
                  billingSource: null,
                  replayed: false,
                },
          );
          throw error;
        }
        await record({
          status: response.status,
          errorCode: null,
          billingSource: response.metadata.billingSource ?? null,
          replayed: response.metadata.idempotentReplay === true,
        });
        await onResponse?.(id, response.metadata);
        return response;
      },
    ]),
  ) as unknown as ServiceApi;
}
