"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { beginSingleSignOnAction } from "../passkey-actions";

/** Single sign-on: the work address names the organization whose identity provider signs the person in. */
export function SingleSignOnForm() {
  const t = useTranslations("signIn.singleSignOn");
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
      aria-label={t("form")}
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
        label={t("email")}
        autoComplete="username"
        error={error}
        wrapperClassName="min-w-64"
      />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? t("pending") : t("submit")}
      </Button>
      {notice ? (
        <Alert tone={notice.tone} title={notice.title} className="w-full">
          {notice.text}
        </Alert>
      ) : null}
    </form>
  );
}
