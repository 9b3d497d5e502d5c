"use client";

import { ActionForm } from "@/components/forms/action-form";
import { zodResolver } from "@hookform/resolvers/zod";
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
const scannerForm = z
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
        message: "Enter an absolute http or https address.",
      });
  });
type Values = z.output<typeof scannerForm>;

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
  const form = useForm<z.input<typeof scannerForm>, unknown, Values>({
    resolver: zodResolver(scannerForm),
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
        label="Scanner"
        run={run}
        button={["Read", "Reading…"]}
        notes={
          <>
            {kind.kind === "vehicle_document" ? (
              <FormCheckbox of={form} name="includeSensitiveData">
                Include sensitive data (keeper and identity fields; the service then keeps no replay
                of the answer)
              </FormCheckbox>
            ) : null}
            {kind.personal ? (
              <p className="text-xs text-slate-600">
                A personal document: the answer is shown on this page once, never stored by the
                console and never cached by the browser.
              </p>
            ) : null}
          </>
        }
      >
        <FormSelect
          choices={SCAN_KINDS.map((k) => [k.kind, k.label] as const)}
          of={form}
          name="kind"
          label="What to read"
        />
        {kind.address === "fileUrl" ? (
          <FormText
            of={form}
            name="fileUrl"
            label="Document address (fileUrl)"
            placeholder="https://files.example/document.pdf"
            autoComplete="off"
          />
        ) : (
          <FormText
            of={form}
            name="imageUrl"
            label="Image address (imageUrl)"
            placeholder="https://files.example/label.jpg"
            autoComplete="off"
          />
        )}
        {kind.kind === "vin_image" ? (
          <FormSelect of={form} name="quality" label="Quality" choices={vinImageQuality.options} />
        ) : null}
      </ActionForm>
      {data ? (
        <>
          <ScanResult kind={data.kind} result={data.result} />
          <Receipt facts={data.receipt} label="Receipt: scanner" />
        </>
      ) : null}
    </div>
  );
}
