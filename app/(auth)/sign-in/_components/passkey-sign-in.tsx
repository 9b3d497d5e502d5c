"use client";

import { useTranslations } from "next-intl";
import { PasskeyButton } from "@/components/people/passkey-button";
import { passkeySignInAction, passkeySignInOptionsAction } from "../passkey-actions";

/** The sign-in offered first: a passkey, unlocked with the device's own lock. */
export function PasskeySignIn() {
  const t = useTranslations("signIn.person");
  return (
    <PasskeyButton
      ceremony="use"
      label={t("passkey")}
      pendingLabel={t("passkeyPending")}
      begin={passkeySignInOptionsAction}
      finish={passkeySignInAction}
    />
  );
}
