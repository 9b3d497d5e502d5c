"use client";

import {
  CART_CHECK_MODE_WORDS,
  choicesOf,
  CONDITION_WORDS,
  VEHICLE_TYPE_WORDS,
} from "@/lib/operations/choice-words";
import { FormSelect, FormText, FormTextarea } from "@/components/forms/form-fields";
import { zodResolver } from "@hookform/resolvers/zod";
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
  const form = useForm<z.input<typeof partsForm>, unknown, z.output<typeof partsForm>>({
    resolver: zodResolver(partsForm),
    defaultValues: { vin, country: "", provider: "" },
  });
  return (
    <JobForm
      onStarted={onStarted}
      form={form}
      label="VIN parts lookup"
      submitLabel="Look up parts"
      send={(v) =>
        startPartsLookupAction({
          vin: v.vin,
          country: v.country || undefined,
          provider: v.provider || undefined,
        })
      }
    >
      <FormText of={form} name="vin" label="VIN" autoComplete="off" />
      <FormText of={form} name="country" label="Country (optional)" placeholder="DE" />
      <FormSelect
        of={form}
        name="provider"
        label="Provider (optional)"
        hint="Keep the provider you used for this VIN before."
      >
        <option value="">Default</option>
        {PROVIDERS.map((p) => (
          <option key={p} value={p}>
            {p}
            {p === BROWSER_ONLY_PROVIDER ? " (browser only)" : ""}
          </option>
        ))}
      </FormSelect>
    </JobForm>
  );
}

const cartForm = z
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
        message: `Enter ${min} to ${max} OE numbers, one per line (now ${lines.length}).`,
      });
    lines.forEach((l, i) => {
      if (!oeNumberText.safeParse(l).success)
        ctx.addIssue({
          code: "custom",
          path: ["oeNumbers"],
          message: `Line ${i + 1} is longer than 64 characters.`,
        });
    });
  });

export function CartCheckForm({ vin, onStarted }: { vin: string } & Started) {
  const form = useForm<z.input<typeof cartForm>, unknown, z.output<typeof cartForm>>({
    resolver: zodResolver(cartForm),
    defaultValues: { vin, mode: "type", country: "", oeNumbers: "" },
  });
  return (
    <JobForm
      onStarted={onStarted}
      form={form}
      label="Cart check"
      submitLabel="Check the cart"
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
      <FormText of={form} name="vin" label="VIN" autoComplete="off" />
      <FormSelect of={form} name="mode" label="Mode" choices={choicesOf(CART_CHECK_MODE_WORDS)} />
      <FormText of={form} name="country" label="Country (optional)" placeholder="DE" />
      <FormTextarea
        of={form}
        name="oeNumbers"
        label="OE numbers, one per line (1 to 30)"
        hint="Order and duplicates are kept."
        rows={6}
      />
    </JobForm>
  );
}

export function EconomicEvaluationForm({ vin, onStarted }: { vin: string } & Started) {
  const form = useForm<
    z.input<typeof economicEvaluationForm>,
    unknown,
    z.output<typeof economicEvaluationForm>
  >({
    resolver: zodResolver(economicEvaluationForm),
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
      label="Economic evaluation"
      submitLabel="Evaluate"
      send={() => startEconomicEvaluationAction(form.getValues())}
    >
      <FormText
        of={form}
        name="vin"
        options={{ setValueAs: (v: string) => v.trim().toUpperCase() }}
        label="VIN"
        autoComplete="off"
      />
      <FormText of={form} name="country" label="Country (optional)" placeholder="DE" />
      <FormSelect
        of={form}
        name="condition"
        label="Condition"
        choices={choicesOf(CONDITION_WORDS, partCondition.options)}
      />
      <FormSelect
        of={form}
        name="vehicleType"
        label="Vehicle type"
        choices={choicesOf(VEHICLE_TYPE_WORDS)}
      />
      <FormText
        of={form}
        name="maxPricedParts"
        options={num}
        label="Parts to price (1 to 100)"
        type="number"
      />
      <FormText
        of={form}
        name="recoveryRate"
        options={num}
        label="Recovery rate (0.05 to 1)"
        type="number"
        step="0.01"
      />
      <FormText
        of={form}
        name="costPerPart"
        options={num}
        label="Cost per part in euros (0 to 1,000)"
        type="number"
        step="0.01"
      />
    </JobForm>
  );
}

const imageForm = z.object({ oeNumber: oeNumberText });

export function ImageGenerationForm({ onStarted }: Started = {}) {
  const form = useForm<z.infer<typeof imageForm>>({
    resolver: zodResolver(imageForm),
    defaultValues: { oeNumber: "" },
  });
  return (
    <JobForm
      onStarted={onStarted}
      form={form}
      label="Part-image generation"
      submitLabel="Generate images"
      send={(v) => startImageGenerationAction(v)}
      onUnknown="The service did not confirm whether the generation was ordered, and it was not ordered again. Look at the recent jobs before ordering it again: a second order would be billed."
    >
      <FormText of={form} name="oeNumber" label="OE number" autoComplete="off" />
    </JobForm>
  );
}
