"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { PasskeyButton } from "@/components/people/passkey-button";
import { AuthenticatorCodeField, CurrentPasswordField } from "@/components/people/sign-in-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  linkPasskeyOptionsAction,
  linkWithPasskeyAction,
  linkWithPasswordAction,
} from "../actions";
import { linkWithPasswordSchema, type LinkWithPasswordValues } from "../link.schema";

/** The person's own sign-in, once: a passkey, or their password and a code. */
export function LinkSignOn({ email }: { email: string }) {
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<LinkWithPasswordValues>({
    resolver: zodResolver(linkWithPasswordSchema),
    defaultValues: { password: "", code: "" },
  });
  const onSubmit = form.handleSubmit((values) =>
    startTransition(async () => {
      setNotice(null);
      const result = await linkWithPasswordAction(values);
      if (result && !result.ok) {
        form.setValue("code", "");
        setNotice(result.message);
      }
    }),
  );
  return (
    <div className="space-y-6">
      <PasskeyButton
        ceremony="use"
        label="Confirm with your passkey"
        pendingLabel="Waiting for your passkey…"
        begin={linkPasskeyOptionsAction}
        finish={linkWithPasskeyAction}
      />
      <form
        onSubmit={onSubmit}
        noValidate
        className="space-y-4"
        aria-label="Confirm with your password"
      >
        {notice ? <Alert tone="danger">{notice}</Alert> : null}
        <p className="text-sm">
          Or your password and a code, as <strong>{email}</strong>:
        </p>
        <CurrentPasswordField of={form} label="Password" />
        <AuthenticatorCodeField of={form} />
        <Button type="submit" disabled={pending}>
          {pending ? "Checking…" : "Confirm and link"}
        </Button>
      </form>
    </div>
  );
}
