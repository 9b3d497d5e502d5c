"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
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
  const t = useTranslations("organization.ownerSettings");
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
          text: t("replaced"),
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
      return { tone: "success", text: keySignIn ? t("keySignInOff") : t("keySignInOn") };
    },
    onRefusal: () => router.refresh(),
  });
  const pending = replaceKey.pending || keySignInSwitch.pending;
  const notice = replaceKey.notice ?? keySignInSwitch.notice;
  return (
    <div className="space-y-6">
      <ActionNotice notice={notice} />
      <form
        aria-label={t("replaceForm")}
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
          label={t("newKey")}
          hint={t("newKeyHint", { clientId })}
          error={keyError}
          wrapperClassName="min-w-72"
        />
        <Button type="submit" disabled={pending}>
          {t("replace")}
        </Button>
      </form>
      <div className="space-y-2 text-sm">
        <p>{keySignIn ? t("keySignInAllowed") : t("keySignInOffText")}</p>
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() => {
            replaceKey.setNotice(null);
            keySignInSwitch.run();
          }}
        >
          {keySignIn ? t("turnOff") : t("turnOn")}
        </Button>
      </div>
    </div>
  );
}
