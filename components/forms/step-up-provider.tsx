"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type FormEvent, type ReactNode, useCallback, useRef, useState } from "react";
import { PasskeyButton } from "@/components/people/passkey-button";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { type ActionResult } from "@/lib/actions/action-result";
import { StepUpContext, type WithStepUp } from "@/lib/actions/use-step-up";

/**
 * Asks a person to confirm it is them before a dangerous action the server held back
 * (`step_up_required`): a code from their authenticator, checked by `confirm`; then the action
 * is sent again. It never ran the first time, so sending it again changes nothing twice.
 */
export function StepUpProvider({
  confirm,
  passkey,
  children,
}: {
  confirm: (input: { code: string }) => Promise<ActionResult<null>>;
  /** Confirming with a passkey instead: its challenge and its check. */
  passkey: {
    begin: () => Promise<ActionResult<{ ceremony: string; options: unknown }>>;
    finish: (answer: { ceremony: string; response: unknown }) => Promise<ActionResult<null>>;
  };
  children: ReactNode;
}) {
  const t = useTranslations("forms.stepUp");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const waiting = useRef<((confirmed: boolean) => void) | null>(null);

  const withStepUp: WithStepUp = useCallback(async (run) => {
    const first = await run();
    if (first.ok || first.code !== "step_up_required") return first;
    setError(undefined);
    setOpen(true);
    const confirmed = await new Promise<boolean>((resolve) => {
      waiting.current = resolve;
    });
    return confirmed ? run() : first;
  }, []);

  const finish = (confirmed: boolean) => {
    setOpen(false);
    waiting.current?.(confirmed);
    waiting.current = null;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    setPending(true);
    try {
      const result = await confirm({ code });
      if (result.ok) finish(true);
      // Too many wrong codes ended the session: whoever holds it signs in again.
      else if (result.code === "session_ended" || result.code === "too_many_attempts")
        router.replace("/sign-in?reason=confirmations");
      else setError(result.message);
    } catch {
      setError(t("noAnswer"));
    } finally {
      setPending(false);
    }
  };

  return (
    <StepUpContext.Provider value={withStepUp}>
      {children}
      <Dialog open={open} onClose={() => finish(false)} title={t("title")}>
        <div className="mb-4 space-y-2 text-sm">
          <p>{t("intro")}</p>
          <PasskeyButton
            ceremony="use"
            label={t("passkey")}
            pendingLabel={t("passkeyPending")}
            begin={passkey.begin}
            finish={passkey.finish}
            onDone={() => finish(true)}
          />
        </div>
        <form onSubmit={submit} className="space-y-3 text-sm" aria-label={t("title")}>
          <TextField
            name="code"
            label={t("code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            error={error}
            data-autofocus
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={pending}>
              {pending ? t("pending") : t("submit")}
            </Button>
            <Button type="button" variant="secondary" onClick={() => finish(false)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      </Dialog>
    </StepUpContext.Provider>
  );
}
