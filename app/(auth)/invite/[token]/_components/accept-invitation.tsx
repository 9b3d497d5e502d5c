"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ActionForm } from "@/components/forms/action-form";
import { FormText } from "@/components/forms/form-fields";
import { PasskeyButton } from "@/components/people/passkey-button";
import { TotpSetup } from "@/components/people/totp-setup";
import { TextField } from "@/components/ui/field";
import { useActionSubmit } from "@/lib/actions/use-action-submit";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/people/password-rules";
import {
  acceptAsMemberAction,
  acceptAsNewPersonAction,
  acceptWithPasskeyAction,
  invitePasskeyOptionsAction,
} from "../actions";

const code = z
  .string()
  .trim()
  .regex(/^\d{3} ?\d{3}$/, "Enter the 6-digit code your authenticator app shows.");

const newPerson = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(120, "At most 120 characters."),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters.`),
  code,
});

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
    resolver: zodResolver(newPerson),
    defaultValues: { name: "", password: "", code: "" },
  });
  const run = useActionSubmit(form, (v) => acceptAsNewPersonAction({ ...v, token, secret }));
  return (
    <ActionForm
      label="Create your sign-in"
      run={run}
      button={["Create my sign-in and join", "Joining…"]}
      notes={
        <TotpSetup secret={secret} uri={uri}>
          <FormText
            of={form}
            name="code"
            label="Code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </TotpSetup>
      }
    >
      <FormText of={form} name="name" label="Your name" autoComplete="name" />
      <FormText
        of={form}
        name="password"
        label="A password"
        type="password"
        autoComplete="new-password"
        hint="At least 12 characters, not a common one; a few words you will remember are easiest."
      />
    </ActionForm>
  );
}

const member = z.object({
  password: z.string().min(1, "Enter your password."),
  code,
});

/** Someone who signs in here already confirms it is them, and joins. */
export function AcceptAsMember({ token }: { token: string }) {
  const form = useForm<z.input<typeof member>>({
    resolver: zodResolver(member),
    defaultValues: { password: "", code: "" },
  });
  const run = useActionSubmit(form, (v) => acceptAsMemberAction({ ...v, token }));
  return (
    <ActionForm label="Sign in to accept" run={run} button={["Sign in and join", "Joining…"]}>
      <FormText
        of={form}
        name="password"
        label="Your password"
        type="password"
        autoComplete="current-password"
      />
      <FormText
        of={form}
        name="code"
        label="Code from your authenticator app"
        inputMode="numeric"
        autoComplete="one-time-code"
      />
    </ActionForm>
  );
}

/** Someone new whose sign-in is a passkey: their name, then their device's own prompt. */
export function AcceptWithPasskey({ token }: { token: string }) {
  const [name, setName] = useState("");
  return (
    <section aria-labelledby="passkey-join" className="space-y-3">
      <h2 id="passkey-join" className="text-base font-semibold">
        Join with a passkey
      </h2>
      <p className="text-sm text-slate-600">
        A passkey signs you in with your device&apos;s own lock (fingerprint, face or PIN): nothing
        to remember, nothing anyone can phish.
      </p>
      <TextField
        label="Your name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <PasskeyButton
        ceremony="create"
        label="Create my passkey and join"
        pendingLabel="Waiting for your passkey…"
        begin={() => invitePasskeyOptionsAction({ token, name })}
        finish={(answer) => acceptWithPasskeyAction({ ...answer, token })}
      />
    </section>
  );
}
