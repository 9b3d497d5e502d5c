"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { FormText } from "@/components/forms/form-fields";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useTranslations } from "next-intl";
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
  const t = useTranslations("vin.start");
  const form = useForm<StartValues, unknown, z.output<typeof startForm>>({
    resolver: zodResolver(startForm, { error: humanIssue }),
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
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("label")}>
      {disabledReason ? <Alert tone="warning">{disabledReason}</Alert> : null}
      <ActionNotice notice={notice} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormText
          of={form}
          name="vin"
          label={t("vin")}
          autoComplete="off"
          spellCheck={false}
          hint={t("vinHint")}
        />
        <FormText of={form} name="note" label={t("note")} autoComplete="off" hint={t("noteHint")} />
      </div>
      <Button type="submit" disabled={pending || disabledReason !== null}>
        {pending ? t("pending") : t("submit")}
      </Button>
    </form>
  );
}
