export const AUDIT_CSV_COLUMNS = [
  "time",
  "operation",
  "operation_label",
  "target",
  "outcome",
  "error_code",
  "idempotency_key",
  "detail",
  "actor",
  "actor_role",
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) is
 * prefixed with an apostrophe.
 */
export function csvField(value: string | null | undefined): string {
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsvRow(
  entry: {
    createdAt: Date;
    operationId: string;
    target: string | null;
    outcome: string;
    errorCode: string | null;
    idempotencyKey: string | null;
    detail: Record<string, unknown> | null;
    actor?: string | null;
    actorRole?: string | null;
  },
  label: (operationId: string) => string,
): string {
  return [
    entry.createdAt.toISOString(),
    entry.operationId,
    label(entry.operationId),
    entry.target,
    entry.outcome,
    entry.errorCode,
    entry.idempotencyKey,
    entry.detail ? JSON.stringify(entry.detail) : "",
    entry.actor,
    entry.actorRole,
  ]
    .map(csvField)
    .join(",");
}
