"use client";

import { type FieldValues, type Path } from "react-hook-form";
import { type AnyForm, FormText } from "@/components/forms/form-fields";
import { PASSWORD_MIN_LENGTH } from "@/lib/people/password-rules";
import { TotpSetup } from "./totp-setup";

/*
 * The fields of signing in and of creating a sign-in, each registered with its form under the
 * name `lib/people/person-fields.ts` gives it, with the autocomplete hints that let a browser
 * fill it from its password manager.
 */

export function AuthenticatorCodeField<T extends { code: string }>({ of }: { of: AnyForm<T> }) {
  return (
    <FormText
      of={of}
      name={"code" as Path<T>}
      label="Code from your authenticator app"
      inputMode="numeric"
      autoComplete="one-time-code"
    />
  );
}

/** Setting up an authenticator app, confirmed with the code it shows. */
export function AuthenticatorSetup<T extends { code: string }>({
  of,
  secret,
  uri,
}: {
  of: AnyForm<T>;
  secret: string;
  uri: string;
}) {
  return (
    <TotpSetup secret={secret} uri={uri}>
      <AuthenticatorCodeField of={of} />
    </TotpSetup>
  );
}

export function NameField<T extends { name: string }>({ of }: { of: AnyForm<T> }) {
  return <FormText of={of} name={"name" as Path<T>} label="Your name" autoComplete="name" />;
}

export function NewPasswordField<T extends { password: string }>({ of }: { of: AnyForm<T> }) {
  return (
    <FormText
      of={of}
      name={"password" as Path<T>}
      label="A password"
      type="password"
      autoComplete="new-password"
      hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common one; a few words you will remember are easiest.`}
    />
  );
}

/** The password a person signs in with (their browser's password manager fills it). */
export const CurrentPasswordField = <T extends { password: string }>(props: Labelled<T>) =>
  known(props, "password", "Your password", "password", "current-password");

/** The address a person signs in with. */
export const EmailField = <T extends { email: string }>(props: Labelled<T>) =>
  known(props, "email", "Your email address", "email", "username");

type Labelled<T extends FieldValues> = { of: AnyForm<T>; label?: string };

/** A field a browser fills from what it knows of the person (`autoComplete`). */
function known<T extends FieldValues>(
  { of, label }: Labelled<T>,
  name: string,
  defaultLabel: string,
  type: string,
  autoComplete: string,
) {
  return (
    <FormText
      of={of}
      name={name as Path<T>}
      label={label ?? defaultLabel}
      type={type}
      autoComplete={autoComplete}
    />
  );
}
