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
