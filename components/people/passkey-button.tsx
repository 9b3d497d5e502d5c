"use client";

import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type ActionResult } from "@/lib/actions/action-result";
import { PasskeyElsewhere, usePasskeyElsewhere } from "./passkey-address";

type Options = Parameters<typeof startRegistration>[0]["optionsJSON"] &
  Parameters<typeof startAuthentication>[0]["optionsJSON"];

/**
 * One passkey ceremony from a button: the server's challenge (`begin`), the browser's passkey
 * prompt, and the server's check of the answer (`finish`). A prompt the person cancels, or that
 * times out, changes nothing and says so. On a page at an IP address, where the browser refuses
 * every ceremony, it says where passkeys work instead.
 */
export function PasskeyButton<T>({
  ceremony,
  label,
  pendingLabel,
  begin,
  finish,
  onDone,
  variant = "primary",
}: {
  ceremony: "create" | "use";
  label: string;
  pendingLabel: string;
  begin: () => Promise<ActionResult<{ ceremony: string; options: unknown }>>;
  finish: (answer: { ceremony: string; response: unknown }) => Promise<ActionResult<T>>;
  onDone?: (data: T) => void;
  variant?: "primary" | "secondary";
}) {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const elsewhere = usePasskeyElsewhere();
  const run = () =>
    start(async () => {
      setError(null);
      const begun = await begin();
      if (!begun.ok) return setError(begun.message);
      const optionsJSON = begun.data.options as Options;
      let response: unknown;
      try {
        response =
          ceremony === "create"
            ? await startRegistration({ optionsJSON })
            : await startAuthentication({ optionsJSON });
      } catch (e) {
        return setError(
          e instanceof Error && e.name === "NotAllowedError"
            ? "The passkey was not used: the prompt was closed or timed out. Nothing changed."
            : "This browser could not use a passkey here.",
        );
      }
      const result = await finish({ ceremony: begun.data.ceremony, response });
      if (!result.ok) return setError(result.message);
      onDone?.(result.data);
    });
  if (elsewhere !== undefined) return <PasskeyElsewhere address={elsewhere} />;
  return (
    <div className="space-y-2">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <Button type="button" variant={variant} disabled={pending} onClick={run}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
