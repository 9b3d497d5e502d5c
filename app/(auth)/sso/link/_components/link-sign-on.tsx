"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { PasskeyButton } from "@/components/people/passkey-button";
import { AuthenticatorCodeField, CurrentPasswordField } from "@/components/people/sign-in-fields";
import { Button } from "@/components/ui/button";
import { useActionCall } from "@/lib/actions/use-action-submit";
import {
  linkPasskeyOptionsAction,
  linkWithPasskeyAction,
  linkWithPasswordAction,
} from "../actions";
import { linkWithPasswordSchema, type LinkWithPasswordValues } from "../link.schema";

/** The person's own sign-in, once: a passkey, or their password and a code. */
export function LinkSignOn({ email }: { email: string }) {
  const form = useForm<LinkWithPasswordValues>({
    resolver: zodResolver(linkWithPasswordSchema),
    defaultValues: { password: "", code: "" },
  });
  const { pending, notice, run } = useActionCall(
    (values: LinkWithPasswordValues) => linkWithPasswordAction(values),
    { onRefusal: () => form.setValue("code", "") },
  );
  const onSubmit = form.handleSubmit((values) => run(values));
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
        <ActionNotice notice={notice} />
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
