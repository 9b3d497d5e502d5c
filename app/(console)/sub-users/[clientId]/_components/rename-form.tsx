"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { clientUserName } from "@/lib/api/contract/client-admin";
import { useIdempotencyKey } from "@/lib/actions/use-idempotency-key";
import { renameSubUserAction } from "../../actions";

const renameForm = z.object({ name: clientUserName });

export function RenameForm({ clientId, name }: { clientId: string; name: string }) {
  const [pending, startTransition] = useTransition();
  const [idempotencyKey, renewKey] = useIdempotencyKey();
  const [notice, setNotice] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const form = useForm<{ name: string }>({
    resolver: zodResolver(renameForm),
    defaultValues: { name },
  });
  const onSubmit = form.handleSubmit((values) =>
    startTransition(async () => {
      setNotice(null);
      const result = await renameSubUserAction({ clientId, name: values.name, idempotencyKey });
      if (result.ok) {
        renewKey();
        setNotice({
          tone: "success",
          text: result.replayed
            ? "Saved (the service answered with the result of an identical earlier request)."
            : "Saved.",
        });
        return;
      }
      if (result.fieldErrors?.name) form.setError("name", { message: result.fieldErrors.name });
      setNotice({ tone: "danger", text: result.message });
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Rename">
      <TextField
        label="Name"
        autoComplete="off"
        error={form.formState.errors.name?.message}
        {...form.register("name")}
      />
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : "Rename"}
      </Button>
    </form>
  );
}
