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
