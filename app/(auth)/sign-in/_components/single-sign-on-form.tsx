"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { beginSingleSignOnAction } from "../passkey-actions";

/** Single sign-on: the work address names the organization whose identity provider signs the person in. */
export function SingleSignOnForm() {
  const [error, setError] = useState<string | undefined>();
  const { pending, notice, run } = useActionCall(
    (email: string) => beginSingleSignOnAction({ email }),
    {
      onRefusal: (refusal) => {
        setError(refusal.fieldErrors?.email ?? refusal.message);
        return null;
      },
    },
  );
  return (
    <form
      aria-label="Sign in with single sign-on"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const email = String(new FormData(event.currentTarget).get("email") ?? "");
        setError(undefined);
        run(email);
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
      {notice ? (
        <Alert tone={notice.tone} title={notice.title} className="w-full">
          {notice.text}
        </Alert>
      ) : null}
    </form>
  );
}
