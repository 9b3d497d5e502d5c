"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ActionForm } from "@/components/forms/action-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { Link } from "@/components/ui/link";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Receipt } from "@/components/billing/receipt";
import { FormCheckbox, FormText, FormTextarea } from "@/components/forms/form-fields";
import { ValueList } from "@/components/operations/value-list";
import { Alert } from "@/components/ui/alert";
import { countryCode } from "@/lib/api/contract/common";
import { INTAKE_PHOTOS_MAX, vehicleIntakeRequest } from "@/lib/api/contract/vehicles";
import { useActionSubmit } from "@/lib/actions/use-action-submit";
import { parseOeLines as linesOf } from "@/app/(console)/jobs/_lib/job-forms";
import { intakeVehicleAction } from "../../actions";

const photoUrl = vehicleIntakeRequest.shape.photoUrls.unwrap().element;
const intakeFormOf = (t: ReturnType<typeof useTranslations<"vehicles.intake">>) =>
  z.object({
    fileUrl: vehicleIntakeRequest.shape.fileUrl,
    photoUrls: z.string().superRefine((text, ctx) => {
      const lines = linesOf(text);
      if (lines.length > INTAKE_PHOTOS_MAX)
        ctx.addIssue({ code: "custom", message: t("tooManyPhotos", { max: INTAKE_PHOTOS_MAX }) });
      lines.forEach((l, i) => {
        if (!photoUrl.safeParse(l).success)
          ctx.addIssue({ code: "custom", message: t("badLine", { line: i + 1 }) });
      });
    }),
    country: z.union([z.literal(""), countryCode]),
    includeOwner: z.boolean(),
  });
type IntakeForm = ReturnType<typeof intakeFormOf>;

/** The intake's answer is personal document data: shown here once, never stored by the console. */
export function IntakeForm() {
  const t = useTranslations("vehicles.intake");
  const intakeForm = useMemo(() => intakeFormOf(t), [t]);
  const form = useForm<z.input<IntakeForm>, unknown, z.output<IntakeForm>>({
    resolver: zodResolver(intakeForm, { error: humanIssue }),
    defaultValues: { fileUrl: "", photoUrls: "", country: "", includeOwner: false },
  });
  const run = useActionSubmit(form, (v) =>
    intakeVehicleAction({
      fileUrl: v.fileUrl,
      ...(linesOf(v.photoUrls).length ? { photoUrls: linesOf(v.photoUrls) } : {}),
      ...(v.country ? { country: v.country } : {}),
      includeOwner: v.includeOwner,
    }),
  );
  const { data } = run;
  const intake = data?.intake;
  return (
    <div className="space-y-4">
      <ActionForm
        label={t("label")}
        run={run}
        button={[t("submit"), t("pending")]}
        notes={
          <>
            <FormTextarea of={form} name="photoUrls" label={t("photos")} rows={3} />
            <FormCheckbox of={form} name="includeOwner">
              {t("includeOwner")}
            </FormCheckbox>
          </>
        }
      >
        <FormText
          of={form}
          name="fileUrl"
          label={t("fileUrl")}
          placeholder="https://files.example/registration.pdf"
          autoComplete="off"
        />
        <FormText of={form} name="country" label={t("country")} placeholder="DE" />
      </ActionForm>
      {intake ? (
        <div className="space-y-3" data-testid="intake-result">
          {intake.vin ? (
            <p className="text-sm">
              {t("vin")} <code>{intake.vin}</code> ·{" "}
              <Link
                className="text-brand-700 underline"
                href={`/vehicles?vin=${encodeURIComponent(intake.vin)}`}
              >
                {t("openWorkspace")}
              </Link>
            </p>
          ) : (
            <Alert tone="info" title={t("noVinTitle")}>
              {t("noVinBody")}
            </Alert>
          )}
          <ValueList value={intake} label={t("result")} />
          <p className="text-xs text-slate-500">{t("caveat")}</p>
          <Receipt facts={data.receipt} label={t("receipt")} />
        </div>
      ) : null}
    </div>
  );
}
