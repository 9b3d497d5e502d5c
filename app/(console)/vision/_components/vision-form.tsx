"use client";

import { ActionForm } from "@/components/forms/action-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Receipt } from "@/components/billing/receipt";
import { FormSelect, FormText } from "@/components/forms/form-fields";
import { Spinner } from "@/components/ui/spinner";
import { fullVin } from "@/lib/api/contract/common";
import { typedCode } from "@/lib/validation/typed-code";
import { useActionSubmit } from "@/lib/actions/use-action-submit";
import { visionAction } from "../actions";
import { VISION_OPERATIONS, visionKind, type VisionOperation } from "../_lib/vision-kinds";
import { VisionResult } from "./vision-result";

const visionFormOf = (badAddress: string) =>
  z.object({
    operation: z.enum(VISION_OPERATIONS),
    imageUrl: z
      .string()
      .trim()
      .regex(/^https?:\/\/\S+$/, badAddress),
    vin: z.union([z.literal(""), typedCode(fullVin)]),
  });
type VisionFormSchema = ReturnType<typeof visionFormOf>;

/** Seconds since `since`, ticking once a second while set. */
function useElapsed(since: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.round((now - since) / 1000));
}

export function VisionForm() {
  const t = useTranslations("vision");
  const visionForm = useMemo(() => visionFormOf(t("badAddress")), [t]);
  const form = useForm<z.input<VisionFormSchema>, unknown, z.output<VisionFormSchema>>({
    resolver: zodResolver(visionForm, { error: humanIssue }),
    defaultValues: { operation: "describeDamage", imageUrl: "", vin: "" },
  });
  const [started, setStarted] = useState<number | null>(null);
  const [answered, setAnswered] = useState<{ operation: VisionOperation; imageUrl: string }>({
    operation: "describeDamage",
    imageUrl: "",
  });
  const run = useActionSubmit(form, async (v) => {
    setStarted(Date.now());
    setAnswered({ operation: v.operation, imageUrl: v.imageUrl });
    try {
      return await visionAction({
        operation: v.operation,
        body: {
          imageUrl: v.imageUrl,
          ...(v.operation === "classifyEndOfLifeVehicle" && v.vin
            ? { vehicle: { vin: v.vin } }
            : {}),
        },
      });
    } finally {
      setStarted(null);
    }
  });
  const { data, pending } = run;
  const elapsed = useElapsed(pending ? started : null);
  const chosen = visionKind(useWatch({ control: form.control, name: "operation" }));
  return (
    <div className="space-y-4">
      <ActionForm
        label={t("form.label")}
        run={run}
        button={[t("form.submit"), t("form.pending")]}
        notes={
          <>
            {chosen.timeoutSeconds ? (
              <p className="text-xs text-slate-600">
                {t("form.timeout", { seconds: String(chosen.timeoutSeconds) })}
              </p>
            ) : null}
            {chosen.caveat ? (
              <p className="text-xs text-slate-600">{t(`caveats.${chosen.caveat}`)}</p>
            ) : null}
          </>
        }
        after={
          pending ? (
            <div role="status" aria-live="polite">
              <Spinner
                label={t("form.working", {
                  elapsed: String(elapsed),
                  limit: chosen.timeoutSeconds
                    ? t("form.upTo", { seconds: String(chosen.timeoutSeconds) })
                    : "",
                })}
              />
            </div>
          ) : null
        }
      >
        <FormSelect
          choices={VISION_OPERATIONS.map((id) => [id, t(`operations.${id}`)] as const)}
          of={form}
          name="operation"
          label={t("form.operation")}
        />
        <FormText
          of={form}
          name="imageUrl"
          label={t("form.imageUrl")}
          placeholder="https://files.example/photo.jpg"
          autoComplete="off"
        />
        {chosen.id === "classifyEndOfLifeVehicle" ? (
          <FormText of={form} name="vin" label={t("form.vin")} autoComplete="off" />
        ) : null}
      </ActionForm>
      {data ? (
        <>
          <VisionResult
            operation={answered.operation}
            input={answered.imageUrl}
            result={data.result}
            caveat={(() => {
              const caveat = visionKind(answered.operation).caveat;
              return caveat ? t(`caveats.${caveat}`) : undefined;
            })()}
          />
          <Receipt facts={data.receipt} label={t("form.receipt")} />
        </>
      ) : null}
    </div>
  );
}
