"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { clientUserName } from "@/lib/api/contract/client-admin";
import { useActionSubmit } from "@/lib/actions/use-action-submit";
import { renameSubUserAction } from "../../actions";

const renameForm = z.object({ name: clientUserName });

export function RenameForm({ clientId, name }: { clientId: string; name: string }) {
  const t = useTranslations("subUsers.renameForm");
  const form = useForm<{ name: string }>({
    resolver: zodResolver(renameForm, { error: humanIssue }),
    defaultValues: { name },
  });
  const { pending, notice, submit } = useActionSubmit(
    form,
    (values, idempotencyKey) =>
      renameSubUserAction({ clientId, name: values.name, idempotencyKey }),
    {
      onSuccess: (_data, { replayed }) => ({
        tone: "success",
        text: replayed ? t("savedReplayed") : t("saved"),
      }),
    },
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t("form")}>
      <TextField
        label={t("name")}
        autoComplete="off"
        error={form.formState.errors.name?.message}
        {...form.register("name")}
      />
      <ActionNotice notice={notice} />
      <Button type="submit" disabled={pending}>
        {pending ? t("pending") : t("submit")}
      </Button>
    </form>
  );
}
