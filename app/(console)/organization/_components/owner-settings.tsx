"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { replaceStoredKeyAction, setKeySignInAction } from "../actions";

/**
 * The owner's settings: replacing the stored key with a new key of the same Client (confirmed
 * with a second factor), and whether anyone may still sign in with the Client's key.
 */
export function OwnerSettings({ keySignIn, clientId }: { keySignIn: boolean; clientId: string }) {
  const router = useRouter();
  const [keyError, setKeyError] = useState<string | undefined>();
  const replaceKey = useActionCall(
    (field: HTMLInputElement) => {
      setKeyError(undefined);
      return replaceStoredKeyAction({ apiKey: field.value });
    },
    {
      onSuccess: (_data, { input: field }) => {
        field.value = "";
        return {
          tone: "success",
          text: "The stored key was replaced. Members act with the new key from now on.",
        };
      },
      onRefusal: (refusal) => {
        setKeyError(refusal.fieldErrors?.apiKey ?? refusal.message);
        return null;
      },
    },
  );
  const keySignInSwitch = useActionCall(() => setKeySignInAction({ allowed: !keySignIn }), {
    onSuccess: () => {
      router.refresh();
      return { tone: "success", text: keySignIn ? "Key sign-in is off." : "Key sign-in is on." };
    },
    onRefusal: () => router.refresh(),
  });
  const pending = replaceKey.pending || keySignInSwitch.pending;
  const notice = replaceKey.notice ?? keySignInSwitch.notice;
  return (
    <div className="space-y-6">
      <ActionNotice notice={notice} />
      <form
        aria-label="Replace the stored key"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const field = event.currentTarget.elements.namedItem("apiKey") as HTMLInputElement;
          keySignInSwitch.setNotice(null);
          replaceKey.run(field);
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
          onClick={() => {
            replaceKey.setNotice(null);
            keySignInSwitch.run();
          }}
        >
          {keySignIn ? "Turn key sign-in off" : "Turn key sign-in on"}
        </Button>
      </div>
    </div>
  );
}
