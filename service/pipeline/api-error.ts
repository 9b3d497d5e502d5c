import { ERROR_CATALOGUE, type ErrorCode } from "@/lib/api/contract/errors";

/**
 * A documented failure: the code fixes the HTTP status (from the catalogue), the message is for
 * people, `extra` adds the operation-specific fields some variants carry.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_CATALOGUE[code].status;
  }

  body(): Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.extra };
  }
}
