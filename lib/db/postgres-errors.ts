/** PostgreSQL's error codes the stores branch on. */
export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";
/** The server ended the session (it is shutting down, or an operator terminated it). */
export const ADMIN_SHUTDOWN = "57P01";

/**
 * The SQLSTATE of a failed statement: on the error itself (node-postgres) or on its cause
 * (drizzle wraps the driver's error).
 */
export function postgresErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === "string" ? code : undefined;
}
