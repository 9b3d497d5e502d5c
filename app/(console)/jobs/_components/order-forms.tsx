"use client";

import {
  CART_CHECK_MODE_WORDS,
  choicesOf,
  CONDITION_WORDS,
  VEHICLE_TYPE_WORDS,
} from "@/lib/operations/choice-words";
import { FormSelect, FormText, FormTextarea } from "@/components/forms/form-fields";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import {
  BROWSER_ONLY_PROVIDER,
  countryCode,
  fullVin,
  PROVIDER_TEXTS,
  PROVIDERS,
} from "@/lib/api/contract/common";
import { oeNumberText, partCondition } from "@/lib/api/contract/parts";
import { CART_CHECK_OE_NUMBERS, cartCheckMode } from "@/lib/api/contract/vin";
import { JobForm } from "@/app/(console)/jobs/_components/job-order-form";
import { economicEvaluationForm, parseOeLines } from "@/app/(console)/jobs/_lib/job-forms";
import {
  startCartCheckAction,
  startEconomicEvaluationAction,
  startImageGenerationAction,
  startPartsLookupAction,
} from "@/app/(console)/jobs/actions";
import { typedCode } from "@/lib/validation/typed-code";

/** Where the form goes once the job is ordered: by default, to the job's page. */
type Started = { onStarted?: (jobId: string) => void };

const vinInput = typedCode(fullVin);
const countryInput = z.union([z.literal(""), countryCode]);

const partsForm = z.object({
  vin: vinInput,
  country: countryInput,
  provider: z.union([z.literal(""), z.enum(PROVIDER_TEXTS)]),
});

export function PartsLookupForm({ vin, onStarted }: { vin: string } & Started) {
  const t = useTranslations("jobs.forms");
  const form = useForm<z.input<typeof partsForm>, unknown, z.output<typeof partsForm>>({
    resolver: zodResolver(partsForm, { error: humanIssue }),
    defaultValues: { vin, country: "", provider: "" },
  });
  return (
    <JobForm
      onStarted={onStarted}
      form={form}
      label={t("partsLabel")}
      submitLabel={t("partsSubmit")}
      send={(v) =>
        startPartsLookupAction({
          vin: v.vin,
          country: v.country || undefined,
          provider: v.provider || undefined,
        })
      }
    >
      <FormText of={form} name="vin" label={t("vin")} autoComplete="off" />
      <FormText of={form} name="country" label={t("country")} placeholder="DE" />
      <FormSelect of={form} name="provider" label={t("provider")} hint={t("providerHint")}>
        <option value="">{t("providerDefault")}</option>
        {PROVIDERS.map((p) => (
          <option key={p} value={p}>
            {p}
            {p === BROWSER_ONLY_PROVIDER ? t("browserOnly") : ""}
          </option>
        ))}
      </FormSelect>
    </JobForm>
  );
}

const cartFormOf = (t: ReturnType<typeof useTranslations<"jobs.forms">>) =>
  z
    .object({
      vin: vinInput,
      mode: cartCheckMode,
      country: countryInput,
      oeNumbers: z.string(),
    })
    .superRefine((v, ctx) => {
      const lines = parseOeLines(v.oeNumbers);
      const { min, max } = CART_CHECK_OE_NUMBERS;
      if (lines.length < min || lines.length > max)
        ctx.addIssue({
          code: "custom",
          path: ["oeNumbers"],
          message: t("oeCount", { min, max, count: lines.length }),
        });
      lines.forEach((l, i) => {
        if (!oeNumberText.safeParse(l).success)
          ctx.addIssue({
            code: "custom",
            path: ["oeNumbers"],
            message: t("lineTooLong", { line: i + 1 }),
          });
      });
    });

type CartForm = ReturnType<typeof cartFormOf>;

export function CartCheckForm({ vin, onStarted }: { vin: string } & Started) {
  const t = useTranslations("jobs.forms");
  const choices = useTranslations("choices");
  const cartForm = useMemo(() => cartFormOf(t), [t]);
  const form = useForm<z.input<CartForm>, unknown, z.output<CartForm>>({
    resolver: zodResolver(cartForm, { error: humanIssue }),
    defaultValues: { vin, mode: "type", country: "", oeNumbers: "" },
  });
  return (
    <JobForm
      onStarted={onStarted}
      form={form}
      label={t("cartLabel")}
      submitLabel={t("cartSubmit")}
      send={(v, idempotencyKey) =>
        startCartCheckAction({
          body: {
            vin: v.vin,
            mode: v.mode,
            ...(v.country ? { country: v.country } : {}),
            oeNumbers: parseOeLines(v.oeNumbers),
          },
          idempotencyKey,
        })
      }
    >
      <FormText of={form} name="vin" label={t("vin")} autoComplete="off" />
      <FormSelect
        of={form}
        name="mode"
        label={t("mode")}
        choices={choicesOf(CART_CHECK_MODE_WORDS, choices)}
      />
      <FormText of={form} name="country" label={t("country")} placeholder="DE" />
      <FormTextarea
        of={form}
        name="oeNumbers"
        label={t("oeNumbers")}
        hint={t("oeNumbersHint")}
        rows={6}
      />
    </JobForm>
  );
}

export function EconomicEvaluationForm({ vin, onStarted }: { vin: string } & Started) {
  const t = useTranslations("jobs.forms");
  const choices = useTranslations("choices");
  const form = useForm<
    z.input<typeof economicEvaluationForm>,
    unknown,
    z.output<typeof economicEvaluationForm>
  >({
    resolver: zodResolver(economicEvaluationForm, { error: humanIssue }),
    // Every field is named, unset ones too: a refusal from the service finds its field.
    defaultValues: {
      vin,
      country: "",
      condition: "used",
      vehicleType: "car",
      maxPricedParts: undefined,
      recoveryRate: undefined,
      costPerPart: undefined,
    },
  });
  const num = { valueAsNumber: true } as const;
  return (
    <JobForm
      onStarted={onStarted}
      form={form}
      label={t("evaluationLabel")}
      submitLabel={t("evaluationSubmit")}
      send={() => startEconomicEvaluationAction(form.getValues())}
    >
      <FormText
        of={form}
        name="vin"
        options={{ setValueAs: (v: string) => v.trim().toUpperCase() }}
        label={t("vin")}
        autoComplete="off"
      />
      <FormText of={form} name="country" label={t("country")} placeholder="DE" />
      <FormSelect
        of={form}
        name="condition"
        label={t("condition")}
        choices={choicesOf(CONDITION_WORDS, choices, partCondition.options)}
      />
      <FormSelect
        of={form}
        name="vehicleType"
        label={t("vehicleType")}
        choices={choicesOf(VEHICLE_TYPE_WORDS, choices)}
      />
      <FormText
        of={form}
        name="maxPricedParts"
        options={num}
        label={t("maxPricedParts")}
        type="number"
      />
      <FormText
        of={form}
        name="recoveryRate"
        options={num}
        label={t("recoveryRate")}
        type="number"
        step="0.01"
      />
      <FormText
        of={form}
        name="costPerPart"
        options={num}
        label={t("costPerPart")}
        type="number"
        step="0.01"
      />
    </JobForm>
  );
}

const imageForm = z.object({ oeNumber: oeNumberText });

export function ImageGenerationForm({ onStarted }: Started = {}) {
  const t = useTranslations("jobs.forms");
  const form = useForm<z.infer<typeof imageForm>>({
    resolver: zodResolver(imageForm, { error: humanIssue }),
    defaultValues: { oeNumber: "" },
  });
  return (
    <JobForm
      onStarted={onStarted}
      form={form}
      label={t("imageLabel")}
      submitLabel={t("imageSubmit")}
      send={(v) => startImageGenerationAction(v)}
      onUnknown={t("imageUnknown")}
    >
      <FormText of={form} name="oeNumber" label={t("oeNumber")} autoComplete="off" />
    </JobForm>
  );
}
