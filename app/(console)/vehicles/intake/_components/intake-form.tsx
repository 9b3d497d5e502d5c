"use client";

import { ActionForm } from "@/components/forms/action-form";
import { zodResolver } from "@hookform/resolvers/zod";
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
const intakeForm = z.object({
  fileUrl: vehicleIntakeRequest.shape.fileUrl,
  photoUrls: z.string().superRefine((text, ctx) => {
    const lines = linesOf(text);
    if (lines.length > INTAKE_PHOTOS_MAX)
      ctx.addIssue({ code: "custom", message: `At most ${INTAKE_PHOTOS_MAX} photo addresses.` });
    lines.forEach((l, i) => {
      if (!photoUrl.safeParse(l).success)
        ctx.addIssue({ code: "custom", message: `Line ${i + 1} is not an absolute address.` });
    });
  }),
  country: z.union([z.literal(""), countryCode]),
  includeOwner: z.boolean(),
});

/** The intake's answer is personal document data: shown here once, never stored by the console. */
export function IntakeForm() {
  const form = useForm<z.input<typeof intakeForm>, unknown, z.output<typeof intakeForm>>({
    resolver: zodResolver(intakeForm),
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
        label="Vehicle intake"
        run={run}
        button={["Read the document", "Reading…"]}
        notes={
          <>
            <FormTextarea
              of={form}
              name="photoUrls"
              label="Photo addresses, one per line (optional, up to 20)"
              rows={3}
            />
            <FormCheckbox of={form} name="includeOwner">
              Include the keeper&apos;s data from the document
            </FormCheckbox>
          </>
        }
      >
        <FormText
          of={form}
          name="fileUrl"
          label="Registration document address"
          placeholder="https://files.example/registration.pdf"
          autoComplete="off"
        />
        <FormText of={form} name="country" label="Country (optional)" placeholder="DE" />
      </ActionForm>
      {intake ? (
        <div className="space-y-3" data-testid="intake-result">
          {intake.vin ? (
            <p className="text-sm">
              VIN <code>{intake.vin}</code> ·{" "}
              <Link
                className="text-brand-700 underline"
                href={`/vehicles?vin=${encodeURIComponent(intake.vin)}`}
              >
                open the vehicle workspace
              </Link>
            </p>
          ) : (
            <Alert tone="info" title="No readable VIN">
              The document shows no readable VIN, so no vehicle was identified (the service never
              guesses one).
            </Alert>
          )}
          <ValueList value={intake} label="Intake" />
          <p className="text-xs text-slate-500">
            Personal document data: shown once and never stored by this console; leaving or
            reloading the page clears it.
          </p>
          <Receipt facts={data.receipt} label="Receipt: intake" />
        </div>
      ) : null}
    </div>
  );
}
