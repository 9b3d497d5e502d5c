import { type z } from "zod";
import { fieldError } from "@/lib/validation/field-error";
import { humanIssue } from "@/lib/validation/human-issues";

/** What every server action answers: data, or a refusal the form can show next to its fields. */
export type FieldErrors = Record<string, string>;

export type ActionResult<T> =
  | { ok: true; data: T; replayed: boolean }
  | {
      ok: false;
      code: string;
      message: string;
      fieldErrors?: FieldErrors;
      /** `unknown`: the service may have done it; the user must check before trying again. */
      outcome: "refused" | "unknown";
      /** Operation-specific fields of the service's error body (e.g. `sponsorClientIds`, `workspaceId`). */
      details?: Record<string, unknown>;
    };

/** A refusal by an action that is not an operation of the service (the console's own checks). */
export const refused = (code: string, message: string, fieldErrors?: FieldErrors) =>
  ({ ok: false, outcome: "refused", code, message, fieldErrors }) as const;

/** The data of an action that is not an operation of the service: never a replay. */
export const done = <T>(data: T) => ({ ok: true, data, replayed: false }) as const;

/**
 * Each field's first refusal, by its dotted path (`form` for one about the whole input). An issue
 * inside a value is also named by its last segment (a form that names its inputs flat finds it
 * there) and, inside a list, by the list with the item's line, so a form with one input per list
 * can show it. The one mapping from issues to fields: zod's, the service's and the controls'.
 */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const segments = (
      typeof issue.path === "string" ? issue.path.split(".") : issue.path.map(String)
    ).filter(Boolean);
    out[segments.join(".") || "form"] ??= issue.message;
    if (segments.length < 2) continue;
    out[segments.at(-1)!] ??= issue.message;
    const index = segments.findIndex((s) => /^\d+$/.test(s));
    if (index > 0)
      out[segments[0]!] ??= fieldError("onLine", {
        line: Number(segments[index]) + 1,
        problem: issue.message,
      });
  }
  return out;
}

/**
 * An action's input read with `schema`: its values, or the refusal that names each field at fault
 * (the browser checked with the same schema, so this is for a request that skipped the form).
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  /** The refusal's sentence, in the reader's language (most forms: `forms.actions.invalid`). */
  message: string,
): { data: z.output<S> } | ReturnType<typeof refused> {
  const parsed = schema.safeParse(input, { error: humanIssue });
  return parsed.success
    ? { data: parsed.data }
    : refused("invalid_input", message, fieldErrorsOf(parsed.error.issues));
}
