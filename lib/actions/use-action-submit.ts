"use client";

import { unstable_rethrow } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode, useState, useTransition } from "react";
import { type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { type ActionResult } from "./action-result";
import { useIdempotencyKey } from "./use-idempotency-key";
import { useStepUp } from "./use-step-up";
import { useFormats } from "@/components/i18n/formats-provider";
import { fieldErrorWords } from "@/lib/validation/field-error";

export interface Notice {
  tone: "success" | "danger" | "warning";
  title?: string;
  text: ReactNode;
}

/** An action's refusal: what `ActionResult` answers when it is not `ok`. */
export type Refusal = Extract<ActionResult<unknown>, { ok: false }>;

/** A notice as one line, for a place that shows only text (a confirmation dialog's error). */
export function noticeText(notice: Notice | null): string | null {
  if (!notice) return null;
  const text = typeof notice.text === "string" ? notice.text : "";
  return notice.title ? `${notice.title}. ${text}`.trim() : text;
}

export interface ActionOptions<I, R> {
  /**
   * Called with the data (and whether the service replayed an earlier identical request); a
   * notice it returns is shown.
   */
  onSuccess?: (data: R, done: { input: I; replayed: boolean }) => Notice | void;
  /**
   * Called with a refusal (never an unknown outcome). Its notice is shown instead of the
   * refusal's message; `null` shows none.
   */
  onRefusal?: (refusal: Refusal, input: I) => Notice | null | void;
  /** What to tell the user whenever the outcome is unknown, instead of the answer's message. */
  unknownText?: ReactNode | ((input: I) => ReactNode);
  /** What to check when the console itself did not answer, instead of the generic advice. */
  noAnswerText?: string;
  /** Called when the outcome is unknown (no answer, or the service could not tell), before the notice shows. */
  onUnknown?: (input: I) => void;
}

/**
 * The one way an action is sent from the browser. The action gets an Idempotency-Key, one per
 * intended change: kept while the person tries the same change again, so a repeat after a lost
 * answer is replayed rather than done twice, and renewed after a success (an action without one
 * ignores it). Step-up runs around it. An answer that never came, or an unknown outcome, is
 * reported as unknown and never sent again by itself; a redirect goes on to the router.
 */
function useSend<I, R>(options: ActionOptions<I, R>) {
  const t = useTranslations("forms.actions");
  const fieldWords = useTranslations("fieldErrors");
  const formats = useFormats();
  // A refusal the console worded travels as references to its messages: put into words here.
  const words = (text: string) => fieldErrorWords(text, fieldWords, formats.count);
  const [pending, startTransition] = useTransition();
  const withStepUp = useStepUp();
  const [idempotencyKey, renewKey] = useIdempotencyKey();
  const [notice, setNotice] = useState<Notice | null>(null);
  const unknown = (input: I, text: string) => {
    options.onUnknown?.(input);
    const { unknownText } = options;
    setNotice({
      tone: "warning",
      title: t("unknownTitle"),
      text: typeof unknownText === "function" ? unknownText(input) : (unknownText ?? text),
    });
  };
  const send = (
    input: I,
    call: (input: I, idempotencyKey: string) => Promise<ActionResult<R>>,
    refused?: (refusal: Refusal) => void,
  ) =>
    startTransition(async () => {
      setNotice(null);
      let result: ActionResult<R> | undefined;
      try {
        result = await withStepUp(() => call(input, idempotencyKey));
      } catch (error) {
        unstable_rethrow(error);
        return unknown(input, options.noAnswerText ?? t("noAnswer"));
      }
      // A redirect rejects (and is rethrown above); an answer of nothing leaves nothing to show.
      if (!result) return;
      if (result.ok) {
        renewKey();
        const shown = options.onSuccess?.(result.data, { input, replayed: result.replayed });
        if (shown) setNotice(shown);
        return;
      }
      if (result.outcome === "unknown") return unknown(input, words(result.message));
      const refusal = {
        ...result,
        message: words(result.message),
        fieldErrors:
          result.fieldErrors &&
          Object.fromEntries(Object.entries(result.fieldErrors).map(([k, v]) => [k, words(v)])),
      };
      refused?.(refusal);
      const shown = options.onRefusal?.(refusal, input);
      if (shown !== null) setNotice(shown ?? { tone: "danger", text: refusal.message });
    });
  return { pending, notice, setNotice, send };
}

/**
 * Submits a form to a server action and keeps what it answered: the data, or the refusal's
 * message with each field error set on its field (the typed values stay). `send` gets the
 * values as parsed and the change's Idempotency-Key (see `useSend`).
 */
export function useActionSubmit<T extends FieldValues, V, R>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context, values as parsed
  form: UseFormReturn<T, any, V>,
  send: (values: V, idempotencyKey: string) => Promise<ActionResult<R>>,
  options: ActionOptions<V, R> = {},
) {
  const [data, setData] = useState<R | null>(null);
  const core = useSend<V, R>({
    ...options,
    onSuccess:
      options.onSuccess ??
      ((value) => {
        setData(value);
      }),
  });
  const setFieldErrors = (refusal: Refusal) => {
    const fields = Object.keys(form.formState.defaultValues ?? {});
    for (const [path, message] of Object.entries(refusal.fieldErrors ?? {})) {
      const field = path.replace(/^(body|query|params)\./, "");
      if (fields.includes(field)) form.setError(field as Path<T>, { message });
    }
  };
  const submit = form.handleSubmit((values) => {
    setData(null);
    core.send(values, send, setFieldErrors);
  });
  return { pending: core.pending, notice: core.notice, setNotice: core.setNotice, data, submit };
}

/**
 * Sends an action that is not a form's (a button, a confirmation, a toggle), as `useActionSubmit`
 * does: `run(input)` sends it once with the change's Idempotency-Key; `notice` is what to show.
 */
export function useActionCall<I = void, R = unknown>(
  send: (input: I, idempotencyKey: string) => Promise<ActionResult<R>>,
  options: ActionOptions<I, R> = {},
) {
  const core = useSend<I, R>(options);
  const run = (input: I) => core.send(input, send);
  return { pending: core.pending, notice: core.notice, setNotice: core.setNotice, run };
}
