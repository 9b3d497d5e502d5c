"use client";

import { ActionForm } from "@/components/forms/action-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Receipt } from "@/components/billing/receipt";
import { FormCheckbox, FormSelect, FormText } from "@/components/forms/form-fields";
import { vinImageQuality } from "@/lib/api/contract/scanner";
import { useActionSubmit } from "@/lib/actions/use-action-submit";
import { scanAction } from "../actions";
import { SCAN_KIND_IDS, SCAN_KINDS, scanKind } from "../_lib/scan-kinds";
import { ScanResult } from "./scan-result";

const address = z.string().trim();
const scannerFormOf = (badAddress: string) =>
  z
    .object({
      kind: z.enum(SCAN_KIND_IDS),
      fileUrl: address,
      imageUrl: address,
      quality: vinImageQuality,
      includeSensitiveData: z.boolean(),
    })
    .superRefine((v, ctx) => {
      const field = scanKind(v.kind).address;
      if (!/^https?:\/\/\S+$/.test(v[field]))
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: badAddress,
        });
    });
type ScannerForm = ReturnType<typeof scannerFormOf>;
type Values = z.output<ScannerForm>;

function bodyOf(v: Values): Record<string, unknown> {
  const kind = scanKind(v.kind);
  if (kind.address === "imageUrl")
    return {
      imageUrl: v.imageUrl,
      quality: v.kind === "vin_image" ? v.quality : "standard",
    };
  return {
    fileUrl: v.fileUrl,
    quality: "standard",
    ...(v.kind === "vehicle_document" ? { includeSensitiveData: v.includeSensitiveData } : {}),
  };
}

/** Reads one document or image by its address; the answer is shown once and kept nowhere. */
export function ScannerForm() {
  const t = useTranslations("scanner");
  const scannerForm = useMemo(() => scannerFormOf(t("form.badAddress")), [t]);
  const form = useForm<z.input<ScannerForm>, unknown, Values>({
    resolver: zodResolver(scannerForm, { error: humanIssue }),
    defaultValues: {
      kind: "registration",
      fileUrl: "",
      imageUrl: "",
      quality: "standard",
      includeSensitiveData: false,
    },
  });
  const run = useActionSubmit(form, async (v) => {
    const result = await scanAction({ kind: v.kind, body: bodyOf(v) });
    return result.ok ? { ...result, data: { ...result.data, kind: v.kind } } : result;
  });
  const { data } = run;
  const kind = scanKind(useWatch({ control: form.control, name: "kind" }));
  return (
    <div className="space-y-4">
      <ActionForm
        label={t("form.label")}
        run={run}
        button={[t("form.submit"), t("form.pending")]}
        notes={
          <>
            {kind.kind === "vehicle_document" ? (
              <FormCheckbox of={form} name="includeSensitiveData">
                {t("form.sensitive")}
              </FormCheckbox>
            ) : null}
            {kind.personal ? <p className="text-xs text-slate-600">{t("form.personal")}</p> : null}
          </>
        }
      >
        <FormSelect
          choices={SCAN_KINDS.map((k) => [k.kind, t(`kinds.${k.kind}`)] as const)}
          of={form}
          name="kind"
          label={t("form.kind")}
        />
        {kind.address === "fileUrl" ? (
          <FormText
            of={form}
            name="fileUrl"
            label={t("form.fileUrl")}
            placeholder="https://files.example/document.pdf"
            autoComplete="off"
          />
        ) : (
          <FormText
            of={form}
            name="imageUrl"
            label={t("form.imageUrl")}
            placeholder="https://files.example/label.jpg"
            autoComplete="off"
          />
        )}
        {kind.kind === "vin_image" ? (
          <FormSelect
            of={form}
            name="quality"
            label={t("form.quality")}
            choices={vinImageQuality.options}
          />
        ) : null}
      </ActionForm>
      {data ? (
        <>
          <ScanResult kind={data.kind} result={data.result} />
          <Receipt facts={data.receipt} label={t("form.receipt")} />
        </>
      ) : null}
    </div>
  );
}
