"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import {
  AuthenticatorCodeField,
  CurrentPasswordField,
  EmailField,
} from "@/components/people/sign-in-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { signInWithPassword } from "../actions";
import { passwordSignInSchema, type PasswordSignInValues } from "../sign-in.schema";

/** A person's sign-in: their address, password and a code from their authenticator app. */
export function PasswordSignInForm() {
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<PasswordSignInValues>({
    resolver: zodResolver(passwordSignInSchema),
    defaultValues: { email: "", password: "", code: "" },
  });
  const onSubmit = form.handleSubmit((values) =>
    startTransition(async () => {
      setNotice(null);
      const result = await signInWithPassword(values);
      if (result && !result.ok) {
        if (result.fieldErrors?.password) form.setValue("code", "");
        setNotice(result.message);
      }
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign in as yourself">
      {notice ? <Alert tone="danger">{notice}</Alert> : null}
      <EmailField of={form} label="Email address" />
      <CurrentPasswordField of={form} label="Password" />
      <AuthenticatorCodeField of={form} />
      <Button type="submit" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
