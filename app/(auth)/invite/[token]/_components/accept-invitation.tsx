"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ActionForm } from "@/components/forms/action-form";
import { PasskeyButton } from "@/components/people/passkey-button";
import {
  AuthenticatorCodeField,
  AuthenticatorSetup,
  CurrentPasswordField,
  NameField,
  NewPasswordField,
} from "@/components/people/sign-in-fields";
import { TextField } from "@/components/ui/field";
import { useActionSubmit } from "@/lib/actions/use-action-submit";
import { authenticatorCode, currentPassword, newPersonSchema } from "@/lib/people/person-fields";
import {
  acceptAsMemberAction,
  acceptAsNewPersonAction,
  acceptWithPasskeyAction,
  invitePasskeyOptionsAction,
} from "../actions";

const newPerson = newPersonSchema.pick({ name: true, password: true, code: true });

/** Someone new creates their own sign-in: a name, a password and an authenticator app. */
export function AcceptAsNewPerson({
  token,
  secret,
  uri,
}: {
  token: string;
  secret: string;
  uri: string;
}) {
  const form = useForm<z.input<typeof newPerson>>({
    resolver: zodResolver(newPerson, { error: humanIssue }),
    defaultValues: { name: "", password: "", code: "" },
  });
  const run = useActionSubmit(form, (v) => acceptAsNewPersonAction({ ...v, token, secret }));
  const t = useTranslations("invite.accept");
  return (
    <ActionForm
      label={t("newForm")}
      run={run}
      button={[t("newSubmit"), t("pending")]}
      notes={<AuthenticatorSetup of={form} secret={secret} uri={uri} />}
    >
      <NameField of={form} />
      <NewPasswordField of={form} />
    </ActionForm>
  );
}

const member = z.object({ password: currentPassword, code: authenticatorCode });

/** Someone who signs in here already confirms it is them, and joins. */
export function AcceptAsMember({ token }: { token: string }) {
  const form = useForm<z.input<typeof member>>({
    resolver: zodResolver(member, { error: humanIssue }),
    defaultValues: { password: "", code: "" },
  });
  const run = useActionSubmit(form, (v) => acceptAsMemberAction({ ...v, token }));
  const t = useTranslations("invite.accept");
  return (
    <ActionForm label={t("memberForm")} run={run} button={[t("memberSubmit"), t("pending")]}>
      <CurrentPasswordField of={form} />
      <AuthenticatorCodeField of={form} />
    </ActionForm>
  );
}

/** Someone new whose sign-in is a passkey: their name, then their device's own prompt. */
export function AcceptWithPasskey({ token }: { token: string }) {
  const [name, setName] = useState("");
  const t = useTranslations("invite.accept");
  return (
    <section aria-labelledby="passkey-join" className="space-y-3">
      <h2 id="passkey-join" className="text-base font-semibold">
        {t("passkeyHeading")}
      </h2>
      <p className="text-sm text-slate-600">{t("passkeyIntro")}</p>
      <TextField
        label={t("name")}
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <PasskeyButton
        ceremony="create"
        label={t("passkeySubmit")}
        pendingLabel={t("passkeyPending")}
        begin={() => invitePasskeyOptionsAction({ token, name })}
        finish={(answer) => acceptWithPasskeyAction({ ...answer, token })}
      />
    </section>
  );
}
