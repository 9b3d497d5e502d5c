"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import {
  AuthenticatorCodeField,
  CurrentPasswordField,
  EmailField,
} from "@/components/people/sign-in-fields";
import { Button } from "@/components/ui/button";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { signInWithPassword } from "../actions";
import { passwordSignInSchema, type PasswordSignInValues } from "../sign-in.schema";

/** A person's sign-in: their address, password and a code from their authenticator app. */
export function PasswordSignInForm() {
  const t = useTranslations("signIn.person");
  const form = useForm<PasswordSignInValues>({
    resolver: zodResolver(passwordSignInSchema, { error: humanIssue }),
    defaultValues: { email: "", password: "", code: "" },
  });
  const { pending, notice, run } = useActionCall(
    (values: PasswordSignInValues) => signInWithPassword(values),
    {
      onRefusal: (refusal) => {
        if (refusal.fieldErrors?.password) form.setValue("code", "");
      },
    },
  );
  const onSubmit = form.handleSubmit((values) => run(values));
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("heading")}>
      <ActionNotice notice={notice} />
      <EmailField of={form} label={t("email")} />
      <CurrentPasswordField of={form} label={t("password")} />
      <AuthenticatorCodeField of={form} />
      <Button type="submit" disabled={pending}>
        {pending ? t("pending") : t("submit")}
      </Button>
    </form>
  );
}
