"use client";

import { useTranslations } from "next-intl";
import { ActionNotice } from "@/components/forms/action-notice";
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { Button } from "@/components/ui/button";
import { type ActionResult, refused } from "@/lib/actions/action-result";
import { useActionCall } from "@/lib/actions/use-action-submit";
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
  const t = useTranslations("people.passkey");
  const elsewhere = usePasskeyElsewhere();
  // The ceremony as one action: the server's challenge, the browser's prompt, the server's check.
  const { pending, notice, run } = useActionCall(
    async (): Promise<ActionResult<T>> => {
      const begun = await begin();
      if (!begun.ok) return begun;
      const optionsJSON = begun.data.options as Options;
      let response: unknown;
      try {
        response =
          ceremony === "create"
            ? await startRegistration({ optionsJSON })
            : await startAuthentication({ optionsJSON });
      } catch (e) {
        return refused(
          "passkey_not_used",
          e instanceof Error && e.name === "NotAllowedError" ? t("notUsed") : t("notHere"),
        );
      }
      return finish({ ceremony: begun.data.ceremony, response });
    },
    { onSuccess: (data) => onDone?.(data) },
  );
  if (elsewhere !== undefined) return <PasskeyElsewhere address={elsewhere} />;
  return (
    <div className="space-y-2">
      <ActionNotice notice={notice} />
      <Button type="button" variant={variant} disabled={pending} onClick={() => run()}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
