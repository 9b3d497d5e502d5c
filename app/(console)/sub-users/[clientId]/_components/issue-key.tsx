"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { zodResolver } from "@hookform/resolvers/zod";
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
  const [revealed, setRevealed] = useState<RevealedKey | null>(null);
  const form = useForm<{ label: string }>({
    resolver: zodResolver(issueKeyForm),
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
      unknownText:
        "The service did not confirm whether a key was issued, and the console did not ask again. A key issued this way cannot be shown any more; if you need one, issue another.",
    },
  );
  if (revealed) return <KeyReveal apiKey={revealed} owner={owner} onDone={dropKey} />;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Issue another key">
      <TextField
        label="Label (optional)"
        autoComplete="off"
        hint="For example the system that will use the key."
        error={form.formState.errors.label?.message}
        {...form.register("label")}
      />
      <ActionNotice notice={notice} />
      <Button type="submit" disabled={pending || disabled}>
        {pending ? "Issuing…" : "Issue key"}
      </Button>
      {disabled ? (
        <p className="text-sm text-slate-600">Reactivate the Sub-user to issue keys.</p>
      ) : null}
    </form>
  );
}
