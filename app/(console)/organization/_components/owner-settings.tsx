"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useStepUp } from "@/lib/actions/use-step-up";
import { replaceStoredKeyAction, setKeySignInAction } from "../actions";

/**
 * The owner's settings: replacing the stored key with a new key of the same Client (confirmed
 * with a second factor), and whether anyone may still sign in with the Client's key.
 */
export function OwnerSettings({ keySignIn, clientId }: { keySignIn: boolean; clientId: string }) {
  const router = useRouter();
  const withStepUp = useStepUp();
  const [pending, start] = useTransition();
  const [keyError, setKeyError] = useState<string | undefined>();
  const [notice, setNotice] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  return (
    <div className="space-y-6">
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <form
        aria-label="Replace the stored key"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const field = event.currentTarget.elements.namedItem("apiKey") as HTMLInputElement;
          start(async () => {
            setKeyError(undefined);
            const result = await withStepUp(() => replaceStoredKeyAction({ apiKey: field.value }));
            if (result.ok) {
              field.value = "";
              setNotice({
                tone: "success",
                text: "The stored key was replaced. Members act with the new key from now on.",
              });
            } else setKeyError(result.fieldErrors?.apiKey ?? result.message);
          });
        }}
      >
        <TextField
          name="apiKey"
          type="password"
          autoComplete="off"
          spellCheck={false}
          label="A new API key of this Client"
          hint={`After the Master issued a new key for ${clientId}: nobody else notices the change.`}
          error={keyError}
          wrapperClassName="min-w-72"
        />
        <Button type="submit" disabled={pending}>
          Replace the stored key
        </Button>
      </form>
      <div className="space-y-2 text-sm">
        <p>
          {keySignIn
            ? "Anyone who holds the Client's key can sign in with it."
            : "Key sign-in is off: people sign in as themselves, and you keep the key in the vault."}
        </p>
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() =>
            start(async () => {
              const result = await withStepUp(() => setKeySignInAction({ allowed: !keySignIn }));
              setNotice(
                result.ok
                  ? {
                      tone: "success",
                      text: keySignIn ? "Key sign-in is off." : "Key sign-in is on.",
                    }
                  : { tone: "danger", text: result.message },
              );
              router.refresh();
            })
          }
        >
          {keySignIn ? "Turn key sign-in off" : "Turn key sign-in on"}
        </Button>
      </div>
    </div>
  );
}
