"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { signInWithKey } from "../actions";
import { signInSchema, type SignInValues } from "../sign-in.schema";

export function SignInForm() {
  const t = useTranslations("signIn.key");
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema, { error: humanIssue }),
    defaultValues: { apiKey: "" },
  });
  const { pending, notice, run } = useActionCall((values: SignInValues) => signInWithKey(values), {
    onRefusal: (refusal) => {
      form.setError("apiKey", { message: refusal.fieldErrors?.apiKey ?? refusal.message });
      return null;
    },
  });
  const onSubmit = form.handleSubmit((values) => run(values));
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label={t("label")}
        type="password"
        autoComplete="off"
        spellCheck={false}
        hint={t("hint")}
        error={form.formState.errors.apiKey?.message}
        {...form.register("apiKey")}
      />
      <ActionNotice notice={notice} />
      <Button type="submit" disabled={pending}>
        {pending ? t("pending") : t("submit")}
      </Button>
    </form>
  );
}
