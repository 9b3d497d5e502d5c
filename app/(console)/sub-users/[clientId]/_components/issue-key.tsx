"use client";

import { useStepUp } from "@/lib/actions/use-step-up";
import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { KeyReveal, type RevealedKey } from "@/components/keys/key-reveal";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
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
  const withStepUp = useStepUp();
  const [pending, startTransition] = useTransition();
  const [revealed, setRevealed] = useState<RevealedKey | null>(null);
  const [notice, setNotice] = useState<{
    tone: "danger" | "warning";
    title?: string;
    text: string;
  } | null>(null);
  const form = useForm<{ label: string }>({
    resolver: zodResolver(issueKeyForm),
    defaultValues: { label: "" },
  });
  const dropKey = useCallback(() => setRevealed(null), []);
  const showUnknown = () =>
    setNotice({
      tone: "warning",
      title: "The outcome is unknown",
      text: "The service did not confirm whether a key was issued, and the console did not ask again. A key issued this way cannot be shown any more; if you need one, issue another.",
    });
  const onSubmit = form.handleSubmit((values) =>
    startTransition(async () => {
      setNotice(null);
      let result;
      try {
        result = await withStepUp(() =>
          issueKeyAction({ clientId, label: values.label.trim() || undefined }),
        );
      } catch {
        showUnknown();
        return;
      }
      if (result.ok) {
        setRevealed(result.data.apiKey);
        form.reset();
        return;
      }
      if (result.outcome === "unknown") {
        showUnknown();
        return;
      }
      if (result.fieldErrors?.label) form.setError("label", { message: result.fieldErrors.label });
      setNotice({ tone: "danger", text: result.message });
    }),
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
      {notice ? (
        <Alert tone={notice.tone} title={notice.title}>
          {notice.text}
        </Alert>
      ) : null}
      <Button type="submit" disabled={pending || disabled}>
        {pending ? "Issuing…" : "Issue key"}
      </Button>
      {disabled ? (
        <p className="text-sm text-slate-600">Reactivate the Sub-user to issue keys.</p>
      ) : null}
    </form>
  );
}
