"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { beginSingleSignOnAction } from "../passkey-actions";

/** Single sign-on: the work address names the organization whose identity provider signs the person in. */
export function SingleSignOnForm() {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      aria-label="Sign in with single sign-on"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const email = String(new FormData(event.currentTarget).get("email") ?? "");
        start(async () => {
          setError(undefined);
          const result = await beginSingleSignOnAction({ email });
          if (result && !result.ok) setError(result.fieldErrors?.email ?? result.message);
        });
      }}
    >
      <TextField
        name="email"
        type="email"
        label="Work email address"
        autoComplete="username"
        error={error}
        wrapperClassName="min-w-64"
      />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? "Opening your provider…" : "Continue with single sign-on"}
      </Button>
    </form>
  );
}
