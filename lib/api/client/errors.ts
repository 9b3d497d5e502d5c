import { type ErrorCode, isRetryableErrorCode } from "../contract/errors";
import { type ServiceMetadata } from "../contract/headers";
import { type OperationId } from "../contract/operations";

/**
 * A documented failure answered by the service. Callers branch on `code` (the `error` field),
 * never on `message`.
 */
export class ServiceError extends Error {
  override readonly name = "ServiceError";
  readonly retryable: boolean;
  constructor(
    readonly operationId: OperationId,
    readonly status: number,
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly body: Record<string, unknown>,
    readonly metadata: ServiceMetadata,
    readonly headers: Headers,
  ) {
    super(message);
    this.retryable = isRetryableErrorCode(code);
  }
  get retryAfterSeconds(): number | undefined {
    return this.metadata.retryAfterSeconds;
  }
  /** Field issues of a validation failure, when the service sent them. */
  get issues(): { location: string; path: string; message: string }[] {
    const issues = this.body.issues;
    return Array.isArray(issues)
      ? (issues as { location: string; path: string; message: string }[])
      : [];
  }
}

/**
 * The request may or may not have taken effect (timeout, lost connection, server failure) and
 * the operation is not replay-safe, so it was not repeated. The caller must check, not retry.
 */
export class OutcomeUnknownError extends Error {
  override readonly name = "OutcomeUnknownError";
  constructor(
    readonly operationId: OperationId,
    readonly reason: "timeout" | "network" | "server_error",
    cause?: unknown,
  ) {
    super(`The outcome of ${operationId} is unknown (${reason}); it was not repeated.`, { cause });
  }
}

/** The service could not be reached (a replay-safe operation, after its bounded retries). */
export class ServiceUnreachableError extends Error {
  override readonly name = "ServiceUnreachableError";
  constructor(
    readonly operationId: OperationId,
    readonly reason: "timeout" | "network",
    cause?: unknown,
  ) {
    super(`The service could not be reached for ${operationId} (${reason}).`, { cause });
  }
}

/** A response that does not match the contract; nothing in it is used. */
export class ContractViolationError extends Error {
  override readonly name = "ContractViolationError";
  constructor(
    readonly operationId: OperationId,
    readonly status: number,
    readonly issues: unknown[],
  ) {
    super(`The ${status} response of ${operationId} does not match the contract.`);
  }
}

/** A `202` whose `Location` differs from `statusUrl`, or a status URL outside the service: quarantined, never polled. */
export class JobQuarantinedError extends Error {
  override readonly name = "JobQuarantinedError";
  constructor(
    readonly operationId: OperationId,
    readonly statusUrl: string,
    readonly location: string | undefined,
    readonly accepted: unknown,
  ) {
    super(
      `The job accepted by ${operationId} is quarantined: Location ${location ?? "(missing)"} does not match statusUrl ${statusUrl}.`,
    );
  }
}

/** The job did not finish within the polling budget; it was not re-ordered. */
export class JobPollTimeoutError extends Error {
  override readonly name = "JobPollTimeoutError";
  constructor(
    readonly statusUrl: string,
    readonly lastStatus: string,
  ) {
    super(
      `The job at ${statusUrl} is still ${lastStatus}; polling stopped without ordering again.`,
    );
  }
}

/** The input was refused before sending, by the same contract the service applies. */
export class InvalidInputError extends Error {
  override readonly name = "InvalidInputError";
  constructor(
    readonly operationId: OperationId,
    readonly issues: { location: string; path: string; message: string }[],
  ) {
    super(
      `Invalid input for ${operationId}: ${issues.map((i) => `${i.location}.${i.path}: ${i.message}`).join("; ")}`,
    );
  }
}
