"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { FormText } from "@/components/forms/form-fields";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useActionSubmit } from "@/lib/actions/use-action-submit";
import { partialVin } from "@/lib/api/contract/common";
import { typedCode } from "@/lib/validation/typed-code";
import { startVinFlowAction } from "../actions";
import { flowNote } from "../_lib/vin-flow.schema";

const startForm = z.object({
  vin: typedCode(partialVin),
  note: flowNote,
});
type StartValues = z.input<typeof startForm>;

export function StartVinFlow({ disabledReason }: { disabledReason: string | null }) {
  const form = useForm<StartValues, unknown, z.output<typeof startForm>>({
    resolver: zodResolver(startForm),
    defaultValues: { vin: "", note: "" },
  });
  const {
    pending,
    notice,
    submit: onSubmit,
  } = useActionSubmit(
    form,
    (values) => startVinFlowAction({ vin: values.vin, note: values.note || undefined }),
    { onSuccess: (data) => window.location.assign(data.redirectUrl) },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Identify a vehicle">
      {disabledReason ? <Alert tone="warning">{disabledReason}</Alert> : null}
      <ActionNotice notice={notice} />
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
