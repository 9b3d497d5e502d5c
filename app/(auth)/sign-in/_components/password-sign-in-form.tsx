"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
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
  const { errors } = form.formState;
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
      <TextField
        label="Email address"
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <TextField
        label="Code from your authenticator app"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errors.code?.message}
        {...form.register("code")}
      />
      <Button type="submit" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
