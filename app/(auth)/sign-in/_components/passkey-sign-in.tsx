"use client";

import { PasskeyButton } from "@/components/people/passkey-button";
import { passkeySignInAction, passkeySignInOptionsAction } from "../passkey-actions";

/** The sign-in offered first: a passkey, unlocked with the device's own lock. */
export function PasskeySignIn() {
  return (
    <PasskeyButton
      ceremony="use"
      label="Sign in with a passkey"
      pendingLabel="Waiting for your passkey…"
      begin={passkeySignInOptionsAction}
      finish={passkeySignInAction}
    />
  );
}
