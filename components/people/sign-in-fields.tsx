"use client";

import { useTranslations } from "next-intl";
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

type Look = Omit<ComponentProps<typeof FormText>, "of" | "name" | "options" | "label" | "hint">;
type FieldKey = "code" | "name" | "newPassword" | "currentPassword" | "email";

/**
 * A field of a person's form named `name`, drawn as `look`, worded by its `key` in the
 * "people.fields" messages; a form may word its label itself.
 */
function personField<Name extends string>(name: Name, key: FieldKey, look: Look, hinted = false) {
  return function PersonField<T extends Record<Name, string>>({
    of,
    label,
  }: {
    of: AnyForm<T>;
    label?: string;
  }) {
    const t = useTranslations("people.fields");
    return (
      <FormText
        of={of}
        name={name as string as Path<T>}
        {...look}
        label={label ?? t(`${key}.label`)}
        hint={hinted ? t("newPassword.hint", { min: PASSWORD_MIN_LENGTH }) : undefined}
      />
    );
  };
}

export const AuthenticatorCodeField = personField("code", "code", {
  inputMode: "numeric",
  autoComplete: "one-time-code",
});

export const NameField = personField("name", "name", { autoComplete: "name" });

export const NewPasswordField = personField(
  "password",
  "newPassword",
  { type: "password", autoComplete: "new-password" },
  true,
);

/** The password a person signs in with. */
export const CurrentPasswordField = personField("password", "currentPassword", {
  type: "password",
  autoComplete: "current-password",
});

/** The address a person signs in with. */
export const EmailField = personField("email", "email", {
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
