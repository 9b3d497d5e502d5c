"use client";

import { useState, useTransition } from "react";
import { type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { type ActionResult } from "./action-result";
import { useStepUp } from "./use-step-up";

export interface Notice {
  tone: "danger" | "warning";
  title?: string;
  text: string;
}

/**
 * Submits a form to a server action and keeps what it answered: the data, or the refusal's
 * message with each field error set on its field (the typed values stay). An answer that never
 * came is reported as unknown, never sent again by itself.
 */
export function useActionSubmit<T extends FieldValues, V, R>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context, values as parsed
  form: UseFormReturn<T, any, V>,
  send: (values: V) => Promise<ActionResult<R>>,
  options: {
    /** Called with the data instead of keeping it (e.g. to open what was created). */
    onSuccess?: (data: R) => void;
    /** What to tell the user whenever the outcome is unknown, instead of the answer's message. */
    unknownText?: string;
    /** What to check when the console itself did not answer, instead of the generic advice. */
    noAnswerText?: string;
  } = {},
) {
  const [pending, startTransition] = useTransition();
  const withStepUp = useStepUp();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [data, setData] = useState<R | null>(null);
  const unknown = (text: string) =>
    setNotice({
      tone: "warning",
      title: "The outcome is unknown",
      text: options.unknownText ?? text,
    });
  const submit = form.handleSubmit((values) =>
    startTransition(async () => {
      setNotice(null);
      setData(null);
      let result: ActionResult<R>;
      try {
        result = await withStepUp(() => send(values));
      } catch {
        return unknown(
          options.noAnswerText ??
            "The console did not answer. The call may have been made (and billed); check the request log before sending it again.",
        );
      }
      if (result.ok)
        return options.onSuccess ? options.onSuccess(result.data) : setData(result.data);
      if (result.outcome === "unknown") return unknown(result.message);
      const fields = Object.keys(form.formState.defaultValues ?? {});
      for (const [path, message] of Object.entries(result.fieldErrors ?? {})) {
        const field = path.replace(/^(body|query|params)\./, "");
        if (fields.includes(field)) form.setError(field as Path<T>, { message });
      }
      setNotice({ tone: "danger", text: result.message });
    }),
  );
  return { pending, notice, data, submit };
}
