"use client";

import { type ComponentProps } from "react";
import { type Path } from "react-hook-form";
import { type AnyForm, FormText } from "@/components/forms/form-fields";
import { PASSWORD_MIN_LENGTH } from "@/lib/people/password-rules";
import { TotpSetup } from "./totp-setup";

/*
 * The fields of signing in and of creating a sign-in, each registered with its form under the
 * name `lib/people/person-fields.ts` gives it, with the autocomplete hints that let a browser
 * fill it from its password manager.
 */

type Look = Omit<ComponentProps<typeof FormText>, "of" | "name" | "options">;

/** A field of a person's form named `name`, drawn as `look`; a form may word its label itself. */
function personField<Name extends string>(name: Name, look: Look) {
  return function PersonField<T extends Record<Name, string>>({
    of,
    label = look.label,
  }: {
    of: AnyForm<T>;
    label?: string;
  }) {
    return <FormText of={of} name={name as string as Path<T>} {...look} label={label} />;
  };
}

export const AuthenticatorCodeField = personField("code", {
  label: "Code from your authenticator app",
  inputMode: "numeric",
  autoComplete: "one-time-code",
});

export const NameField = personField("name", { label: "Your name", autoComplete: "name" });

export const NewPasswordField = personField("password", {
  label: "A password",
  type: "password",
  autoComplete: "new-password",
  hint: `At least ${PASSWORD_MIN_LENGTH} characters, not a common one; a few words you will remember are easiest.`,
});

/** The password a person signs in with. */
export const CurrentPasswordField = personField("password", {
  label: "Your password",
  type: "password",
  autoComplete: "current-password",
});

/** The address a person signs in with. */
export const EmailField = personField("email", {
  label: "Your email address",
  type: "email",
  autoComplete: "username",
});

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
