"use client";

import { FormText } from "@/components/forms/form-fields";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { partialVin } from "@/lib/api/contract/common";
import { startVinFlowAction } from "../actions";

const startForm = z.object({
  vin: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .pipe(partialVin),
  note: z.string().trim().max(200, "At most 200 characters."),
});
type StartValues = z.input<typeof startForm>;

export function StartVinFlow({ disabledReason }: { disabledReason: string | null }) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<StartValues, unknown, z.output<typeof startForm>>({
    resolver: zodResolver(startForm),
    defaultValues: { vin: "", note: "" },
  });
  const onSubmit = form.handleSubmit((values) =>
    startTransition(async () => {
      setError(null);
      const result = await startVinFlowAction({ vin: values.vin, note: values.note || undefined });
      if (result.ok) {
        window.location.assign(result.data.redirectUrl);
        return;
      }
      if (result.fieldErrors?.vin) form.setError("vin", { message: result.fieldErrors.vin });
      setError(result.message);
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Identify a vehicle">
      {disabledReason ? <Alert tone="warning">{disabledReason}</Alert> : null}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormText
          of={form}
          name="vin"
          label="VIN"
          autoComplete="off"
          spellCheck={false}
          hint="3 to 17 characters; a partial VIN offers candidates."
        />
        <FormText
          of={form}
          name="note"
          label="Note (optional)"
          autoComplete="off"
          hint="For your records; it stays in this console."
        />
      </div>
      <Button type="submit" disabled={pending || disabledReason !== null}>
        {pending ? "Opening…" : "Identify the vehicle"}
      </Button>
    </form>
  );
}
