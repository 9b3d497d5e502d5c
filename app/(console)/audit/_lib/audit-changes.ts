import { isDeepStrictEqual } from "node:util";

export interface ChangeRow {
  field: string;
  before: unknown;
  after: unknown;
  change: "changed" | "unchanged" | "set" | "removed";
}

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : value === undefined
      ? {}
      : { value };

/**
 * Each field recorded before or after a change, in the order recorded, and what happened to it.
 * An entry with only a before (a refused change) shows each field as unchanged.
 */
export function changeRows(before: unknown, after: unknown): ChangeRow[] {
  const b = fieldsOf(before);
  const a = fieldsOf(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => ({
    field,
    before: b[field],
    after: a[field],
    change:
      b[field] === undefined
        ? "set"
        : a[field] === undefined && after !== undefined
          ? "removed"
          : a[field] === undefined || isDeepStrictEqual(b[field], a[field])
            ? "unchanged"
            : "changed",
  }));
}
