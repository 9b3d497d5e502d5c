import { type z } from "zod";
import { exactlyOneOf } from "@/lib/list-params";

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
export type AuditCsvColumn = (typeof AUDIT_CSV_COLUMNS)[number];

/**
 * The export's two forms: for programs (column names, ISO times in UTC, codes, `,` between
 * fields) and for a person's spreadsheet (headers, outcomes and roles in their words, times in
 * their formats and zone, their list separator, and a byte-order mark so a spreadsheet reads the
 * file as UTF-8).
 */
export const auditCsvFormat = exactlyOneOf(["machine", "reader"], "machine");
export type AuditCsvFormat = z.infer<typeof auditCsvFormat>;

/**
 * One CSV field (RFC 4180): quoted when it holds the separator, a quote or a line break. A field
 * that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) is
 * prefixed with an apostrophe.
 */
export function csvField(value: string | null | undefined, separator: "," | ";" = ","): string {
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface AuditCsvEntry {
  createdAt: Date;
  operationId: string;
  target: string | null;
  outcome: string;
  errorCode: string | null;
  idempotencyKey: string | null;
  detail: Record<string, unknown> | null;
  actor?: string | null;
  actorRole?: string | null;
}

/** What a reader's export writes in their words and formats. */
export interface AuditCsvReader {
  header: Record<AuditCsvColumn, string>;
  outcome: (outcome: string) => string;
  role: (role: string) => string;
  time: (at: Date) => string;
  separator: "," | ";";
}

/** The export's first line and each entry's line (each without its line break). */
export interface AuditCsv {
  /** Written before the first line. */
  preamble: string;
  header: string;
  row: (entry: AuditCsvEntry) => string;
}

export function auditCsv(
  label: (operationId: string) => string,
  reader?: AuditCsvReader,
): AuditCsv {
  const separator = reader?.separator ?? ",";
  const line = (fields: (string | null | undefined)[]) =>
    fields.map((f) => csvField(f, separator)).join(separator);
  return {
    preamble: reader ? "\uFEFF" : "",
    header: line(AUDIT_CSV_COLUMNS.map((column) => (reader ? reader.header[column] : column))),
    row: (entry) =>
      line([
        reader ? reader.time(entry.createdAt) : entry.createdAt.toISOString(),
        entry.operationId,
        label(entry.operationId),
        entry.target,
        reader ? reader.outcome(entry.outcome) : entry.outcome,
        entry.errorCode,
        entry.idempotencyKey,
        entry.detail ? JSON.stringify(entry.detail) : "",
        entry.actor,
        entry.actorRole && reader ? reader.role(entry.actorRole) : entry.actorRole,
      ]),
  };
}
