"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { signInWithKey } from "../actions";
import { signInSchema, type SignInValues } from "../sign-in.schema";

export function SignInForm() {
  const [pending, startTransition] = useTransition();
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { apiKey: "" },
  });
  const onSubmit = form.handleSubmit((values) =>
    startTransition(async () => {
      const result = await signInWithKey(values);
      if (result && !result.ok)
        form.setError("apiKey", { message: result.fieldErrors?.apiKey ?? result.message });
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label="API key"
        type="password"
        autoComplete="off"
        spellCheck={false}
        hint="The key is checked with the service and kept encrypted on the console's server, never in your browser."
        error={form.formState.errors.apiKey?.message}
        {...form.register("apiKey")}
      />
      <Button type="submit" disabled={pending}>
        {pending ? "Checking the key…" : "Sign in with the key"}
      </Button>
    </form>
  );
}
