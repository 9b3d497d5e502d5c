"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { KeyReveal, type RevealedKey } from "@/components/keys/key-reveal";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useActionSubmit } from "@/lib/actions/use-action-submit";
import { keyLabel } from "@/lib/api/contract/client-admin";
import { issueKeyAction } from "../../actions";

const issueKeyForm = z.object({ label: z.union([z.literal(""), keyLabel]) });

/** Issuing a key is not replay-safe: an unknown outcome is reported, never retried. */
export function IssueKey({
  clientId,
  owner,
  disabled,
}: {
  clientId: string;
  owner: string;
  disabled: boolean;
}) {
  const t = useTranslations("subUsers.issueKey");
  const [revealed, setRevealed] = useState<RevealedKey | null>(null);
  const form = useForm<{ label: string }>({
    resolver: zodResolver(issueKeyForm, { error: humanIssue }),
    defaultValues: { label: "" },
  });
  const dropKey = useCallback(() => setRevealed(null), []);
  const {
    pending,
    notice,
    submit: onSubmit,
  } = useActionSubmit(
    form,
    (values) => issueKeyAction({ clientId, label: values.label.trim() || undefined }),
    {
      onSuccess: (data) => {
        setRevealed(data.apiKey);
        form.reset();
      },
      unknownText: t("unknown"),
    },
  );
  if (revealed) return <KeyReveal apiKey={revealed} owner={owner} onDone={dropKey} />;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={t("form")}>
      <TextField
        label={t("label")}
        autoComplete="off"
        hint={t("hint")}
        error={form.formState.errors.label?.message}
        {...form.register("label")}
      />
      <ActionNotice notice={notice} />
      <Button type="submit" disabled={pending || disabled}>
        {pending ? t("pending") : t("submit")}
      </Button>
      {disabled ? <p className="text-sm text-slate-600">{t("reactivateFirst")}</p> : null}
    </form>
  );
}
