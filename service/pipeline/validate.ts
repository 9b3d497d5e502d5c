import { type z } from "zod";
import { type ErrorCode } from "@/lib/api/contract/errors";
import { type ValidationIssue } from "@/lib/api/contract/errors";
import { ApiError } from "../core";

/**
 * Fields whose failures have a documented, more specific code than `invalid_request`. A `Map`,
 * as the field name comes from the request (`constructor` must not find `Object`).
 */
const FIELD_CODES = new Map<string, ErrorCode>([
  ["vin", "invalid_vin"],
  ["returnUrl", "invalid_return_url"],
  ["state", "invalid_state"],
  ["oeNumbers", "invalid_oe_numbers"],
]);

type Location = ValidationIssue["location"];

export function issuesOf(location: Location, error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    location,
    path: issue.path.map(String).join("."),
    message:
      issue.code === "unrecognized_keys"
        ? `unknown field(s): ${issue.keys.join(", ")}`
        : issue.message,
  }));
}

export function validationError(issues: ValidationIssue[]): ApiError {
  const first = issues[0]!;
  const code = FIELD_CODES.get(first.path.split(".")[0] ?? "") ?? "invalid_request";
  const where = first.path ? `${first.location}.${first.path}` : first.location;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  return new ApiError(code, `${where}: ${first.message}${more}`, { issues });
}

/**
 * Where a value holds the NUL character, if anywhere: PostgreSQL text cannot carry it, so such
 * input is refused as invalid rather than failing in the database. Walks without recursion, as
 * a body may nest thousands of levels deep.
 */
export function nulCharacterPath(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length) {
    const [item, at] = stack.pop()!;
    if (typeof item === "string") {
      if (item.includes("\u0000")) return at;
    } else if (Array.isArray(item)) {
      item.forEach((v, i) => stack.push([v, at ? `${at}.${i}` : String(i)]));
    } else if (item && typeof item === "object") {
      for (const [k, v] of Object.entries(item)) {
        if (k.includes("\u0000")) return at;
        stack.push([v, at ? `${at}.${k}` : k]);
      }
    }
  }
  return undefined;
}

/** Parses every part of the input, collecting all issues before failing. */
export function parseInput(
  schemas: { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType },
  raw: { params: unknown; query: unknown; body: unknown },
): { params: unknown; query: unknown; body: unknown } {
  const issues: ValidationIssue[] = [];
  const parse = (location: Location, schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return undefined;
    const nulAt = nulCharacterPath(value);
    if (nulAt !== undefined) {
      issues.push({ location, path: nulAt, message: "must not contain the NUL character" });
      return undefined;
    }
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    issues.push(...issuesOf(location, result.error));
    return undefined;
  };
  const parsed = {
    params: parse("path", schemas.params, raw.params),
    query: parse("query", schemas.query, raw.query),
    body: parse("body", schemas.body, raw.body),
  };
  if (issues.length) throw validationError(issues);
  return parsed;
}
