import { type z } from "zod";
import { type ErrorCode } from "@/lib/api/contract/errors";
import { type ValidationIssue } from "@/lib/api/contract/errors";
import { ApiError } from "./api-error";

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

/** Parses every part of the input, collecting all issues before failing. */
export function parseInput(
  schemas: { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType },
  raw: { params: unknown; query: unknown; body: unknown },
): { params: unknown; query: unknown; body: unknown } {
  const issues: ValidationIssue[] = [];
  const parse = (location: Location, schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return undefined;
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
