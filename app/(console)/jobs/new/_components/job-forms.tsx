"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { type ReactNode, useState, useTransition } from "react";
import { type FieldValues, type Path, useForm, type UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldShell, SelectField, TextField } from "@/components/ui/field";
import { type ActionResult } from "@/lib/actions/action-result";
import { countryCode, fullVin } from "@/lib/api/contract/common";
import { oeNumberText } from "@/lib/api/contract/parts";
import { useIdempotencyKey } from "@/lib/forms/use-idempotency-key";
import { economicEvaluationForm, parseOeLines } from "@/lib/jobs/job-forms";
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
  const e = form.formState.errors;
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
        <TextField
          label="VIN"
          autoComplete="off"
          error={e.vin?.message}
          {...form.register("vin")}
        />
        <TextField
          label="Country (optional)"
          placeholder="DE"
          error={e.country?.message}
          {...form.register("country")}
        />
        <SelectField
          label="Provider (optional)"
          hint="Keep the provider you used for this VIN before."
          error={e.provider?.message}
          {...form.register("provider")}
        >
          <option value="">Default</option>
          <option value="1">1</option>
          <option value="2">2</option>
          <option value="3">3 (browser only)</option>
        </SelectField>
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
        <TextField
          label="VIN"
          autoComplete="off"
          error={e.vin?.message}
          {...form.register("vin")}
        />
        <SelectField label="Mode" error={e.mode?.message} {...form.register("mode")}>
          <option value="type">Vehicle type</option>
          <option value="vehicle">This vehicle</option>
        </SelectField>
        <TextField
          label="Country (optional)"
          placeholder="DE"
          error={e.country?.message}
          {...form.register("country")}
        />
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
  const e = form.formState.errors;
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
        <TextField
          label="VIN"
          autoComplete="off"
          error={e.vin?.message}
          {...form.register("vin", { setValueAs: (v: string) => v.trim().toUpperCase() })}
        />
        <TextField
          label="Country (optional)"
          placeholder="DE"
          error={e.country?.message}
          {...form.register("country")}
        />
        <SelectField label="Condition" error={e.condition?.message} {...form.register("condition")}>
          <option value="used">Used</option>
          <option value="new">New</option>
        </SelectField>
        <SelectField
          label="Vehicle type"
          error={e.vehicleType?.message}
          {...form.register("vehicleType")}
        >
          <option value="car">Car</option>
          <option value="motorcycle">Motorcycle</option>
        </SelectField>
        <TextField
          label="Parts to price (1 to 100)"
          type="number"
          error={e.maxPricedParts?.message}
          {...form.register("maxPricedParts", num)}
        />
        <TextField
          label="Recovery rate (0.05 to 1)"
          type="number"
          step="0.01"
          error={e.recoveryRate?.message}
          {...form.register("recoveryRate", num)}
        />
        <TextField
          label="Cost per part in euros (0 to 1,000)"
          type="number"
          step="0.01"
          error={e.costPerPart?.message}
          {...form.register("costPerPart", num)}
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
        <TextField
          label="OE number"
          autoComplete="off"
          error={form.formState.errors.oeNumber?.message}
          {...form.register("oeNumber")}
        />
      </Shell>
    </form>
  );
}
