"use client";

import { FormSelect, FormText } from "@/components/forms/form-fields";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { type ReactNode, useState, useTransition } from "react";
import { type FieldValues, type Path, useForm, type UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldShell } from "@/components/ui/field";
import { type ActionResult } from "@/lib/actions/action-result";
import { countryCode, fullVin } from "@/lib/api/contract/common";
import { oeNumberText } from "@/lib/api/contract/parts";
import { useIdempotencyKey } from "@/lib/actions/use-idempotency-key";
import { economicEvaluationForm, parseOeLines } from "@/app/(console)/jobs/_lib/job-forms";
import {
  startCartCheckAction,
  startEconomicEvaluationAction,
  startImageGenerationAction,
  startPartsLookupAction,
} from "../../actions";

const vinInput = z
  .string()
  .transform((v) => v.trim().toUpperCase())
  .pipe(fullVin);
const countryInput = z.union([z.literal(""), countryCode]);

/** Submits, then opens the job; refusals go next to their fields, the typed values stay. */
function useJobSubmit<T extends FieldValues>(
  form: UseFormReturn<T, unknown, never>,
  fields: string[],
) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<{
    tone: "danger" | "warning";
    title?: string;
    text: string;
  } | null>(null);
  const submit = (send: () => Promise<ActionResult<{ jobId: string }>>, onUnknown?: string) =>
    startTransition(async () => {
      setNotice(null);
      let result;
      try {
        result = await send();
      } catch {
        setNotice({
          tone: "warning",
          title: "The outcome is unknown",
          text:
            onUnknown ??
            "The console did not answer. Look at the recent jobs before starting it again.",
        });
        return;
      }
      if (result.ok) {
        router.push(`/jobs/${result.data.jobId}`);
        return;
      }
      if (result.outcome === "unknown") {
        setNotice({
          tone: "warning",
          title: "The outcome is unknown",
          text: onUnknown ?? result.message,
        });
        return;
      }
      for (const [path, message] of Object.entries(result.fieldErrors ?? {})) {
        const field = path.replace(/^(body|query)\./, "");
        if (fields.includes(field)) form.setError(field as Path<T>, { message });
      }
      setNotice({ tone: "danger", text: result.message });
    });
  const banner = notice ? (
    <Alert tone={notice.tone} title={notice.title}>
      {notice.text}
    </Alert>
  ) : null;
  return { pending, submit, banner };
}

function Shell({
  label,
  banner,
  children,
  pending,
}: {
  label: string;
  banner: ReactNode;
  children: ReactNode;
  pending: boolean;
}) {
  return (
    <>
      {banner}
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
      <Button type="submit" disabled={pending}>
        {pending ? "Starting…" : label}
      </Button>
    </>
  );
}

const partsForm = z.object({
  vin: vinInput,
  country: countryInput,
  provider: z.enum(["", "1", "2", "3"]),
});

export function PartsLookupForm({ vin }: { vin: string }) {
  const form = useForm<z.input<typeof partsForm>, unknown, z.output<typeof partsForm>>({
    resolver: zodResolver(partsForm),
    defaultValues: { vin, country: "", provider: "" },
  });
  const { pending, submit, banner } = useJobSubmit(form as never, ["vin", "country", "provider"]);
  return (
    <form
      noValidate
      className="space-y-4"
      aria-label="VIN parts lookup"
      onSubmit={form.handleSubmit((v) =>
        submit(() =>
          startPartsLookupAction({
            vin: v.vin,
            country: v.country || undefined,
            provider: v.provider || undefined,
          }),
        ),
      )}
    >
      <Shell label="Look up parts" banner={banner} pending={pending}>
        <FormText of={form} name="vin" label="VIN" autoComplete="off" />
        <FormText of={form} name="country" label="Country (optional)" placeholder="DE" />
        <FormSelect
          of={form}
          name="provider"
          label="Provider (optional)"
          hint="Keep the provider you used for this VIN before."
        >
          <option value="">Default</option>
          <option value="1">1</option>
          <option value="2">2</option>
          <option value="3">3 (browser only)</option>
        </FormSelect>
      </Shell>
    </form>
  );
}

const cartForm = z
  .object({
    vin: vinInput,
    mode: z.enum(["type", "vehicle"]),
    country: countryInput,
    oeNumbers: z.string(),
  })
  .superRefine((v, ctx) => {
    const lines = parseOeLines(v.oeNumbers);
    if (lines.length < 1 || lines.length > 30)
      ctx.addIssue({
        code: "custom",
        path: ["oeNumbers"],
        message: `Enter 1 to 30 OE numbers, one per line (now ${lines.length}).`,
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

export function CartCheckForm({ vin }: { vin: string }) {
  const [idempotencyKey] = useIdempotencyKey();
  const form = useForm<z.input<typeof cartForm>, unknown, z.output<typeof cartForm>>({
    resolver: zodResolver(cartForm),
    defaultValues: { vin, mode: "type", country: "", oeNumbers: "" },
  });
  const { pending, submit, banner } = useJobSubmit(form as never, [
    "vin",
    "mode",
    "country",
    "oeNumbers",
  ]);
  const e = form.formState.errors;
  return (
    <form
      noValidate
      className="space-y-4"
      aria-label="Cart check"
      onSubmit={form.handleSubmit((v) =>
        submit(() =>
          startCartCheckAction({
            body: {
              vin: v.vin,
              mode: v.mode,
              ...(v.country ? { country: v.country } : {}),
              oeNumbers: parseOeLines(v.oeNumbers),
            },
            idempotencyKey,
          }),
        ),
      )}
    >
      <Shell label="Check the cart" banner={banner} pending={pending}>
        <FormText of={form} name="vin" label="VIN" autoComplete="off" />
        <FormSelect of={form} name="mode" label="Mode">
          <option value="type">Vehicle type</option>
          <option value="vehicle">This vehicle</option>
        </FormSelect>
        <FormText of={form} name="country" label="Country (optional)" placeholder="DE" />
        <FieldShell
          id="oe-numbers"
          label="OE numbers, one per line (1 to 30)"
          error={e.oeNumbers?.message}
          hint="Order and duplicates are kept."
        >
          <textarea
            id="oe-numbers"
            rows={6}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
            aria-invalid={e.oeNumbers ? true : undefined}
            {...form.register("oeNumbers")}
          />
        </FieldShell>
      </Shell>
    </form>
  );
}

export function EconomicEvaluationForm({ vin }: { vin: string }) {
  const form = useForm<
    z.input<typeof economicEvaluationForm>,
    unknown,
    z.output<typeof economicEvaluationForm>
  >({
    resolver: zodResolver(economicEvaluationForm),
    defaultValues: { vin, country: "", condition: "used", vehicleType: "car" },
  });
  const fields = [
    "vin",
    "country",
    "condition",
    "vehicleType",
    "maxPricedParts",
    "recoveryRate",
    "costPerPart",
  ];
  const { pending, submit, banner } = useJobSubmit(form as never, fields);
  const num = { valueAsNumber: true } as const;
  return (
    <form
      noValidate
      className="space-y-4"
      aria-label="Economic evaluation"
      onSubmit={form.handleSubmit(() =>
        submit(() => startEconomicEvaluationAction(form.getValues())),
      )}
    >
      <Shell label="Evaluate" banner={banner} pending={pending}>
        <FormText
          of={form}
          name="vin"
          options={{ setValueAs: (v: string) => v.trim().toUpperCase() }}
          label="VIN"
          autoComplete="off"
        />
        <FormText of={form} name="country" label="Country (optional)" placeholder="DE" />
        <FormSelect of={form} name="condition" label="Condition">
          <option value="used">Used</option>
          <option value="new">New</option>
        </FormSelect>
        <FormSelect of={form} name="vehicleType" label="Vehicle type">
          <option value="car">Car</option>
          <option value="motorcycle">Motorcycle</option>
        </FormSelect>
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
      </Shell>
    </form>
  );
}

const imageForm = z.object({ oeNumber: oeNumberText });

export function ImageGenerationForm() {
  const form = useForm<z.infer<typeof imageForm>>({
    resolver: zodResolver(imageForm),
    defaultValues: { oeNumber: "" },
  });
  const { pending, submit, banner } = useJobSubmit(form as never, ["oeNumber"]);
  return (
    <form
      noValidate
      className="space-y-4"
      aria-label="Part-image generation"
      onSubmit={form.handleSubmit((v) =>
        submit(
          () => startImageGenerationAction(v),
          "The service did not confirm whether the generation was ordered, and it was not ordered again. Look at the recent jobs before ordering it again: a second order would be billed.",
        ),
      )}
    >
      <Shell label="Generate images" banner={banner} pending={pending}>
        <FormText of={form} name="oeNumber" label="OE number" autoComplete="off" />
      </Shell>
    </form>
  );
}
