"use client";

import { ActionForm } from "@/components/forms/action-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
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

const visionForm = z.object({
  operation: z.enum(VISION_OPERATIONS),
  imageUrl: z
    .string()
    .trim()
    .regex(/^https?:\/\/\S+$/, "Enter an absolute http or https address."),
  vin: z.union([z.literal(""), typedCode(fullVin)]),
});

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
  const form = useForm<z.input<typeof visionForm>, unknown, z.output<typeof visionForm>>({
    resolver: zodResolver(visionForm),
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
        label="Vision"
        run={run}
        button={["Run", "Working…"]}
        notes={
          <>
            {chosen.timeoutSeconds ? (
              <p className="text-xs text-slate-600">
                This operation can take up to {chosen.timeoutSeconds} s; the console waits that
                long.
              </p>
            ) : null}
            {chosen.caveat ? <p className="text-xs text-slate-600">{chosen.caveat}</p> : null}
          </>
        }
        after={
          pending ? (
            <div role="status" aria-live="polite">
              <Spinner
                label={`Working for ${elapsed} s${chosen.timeoutSeconds ? ` (up to ${chosen.timeoutSeconds} s)` : ""}`}
              />
            </div>
          ) : null
        }
      >
        <FormSelect
          choices={VISION_OPERATIONS.map((id) => [id, visionKind(id).label] as const)}
          of={form}
          name="operation"
          label="Operation"
        />
        <FormText
          of={form}
          name="imageUrl"
          label="Image address"
          placeholder="https://files.example/photo.jpg"
          autoComplete="off"
        />
        {chosen.id === "classifyEndOfLifeVehicle" ? (
          <FormText of={form} name="vin" label="VIN (optional)" autoComplete="off" />
        ) : null}
      </ActionForm>
      {data ? (
        <>
          <VisionResult
            operation={answered.operation}
            input={answered.imageUrl}
            result={data.result}
            caveat={visionKind(answered.operation).caveat}
          />
          <Receipt facts={data.receipt} label="Receipt: vision" />
        </>
      ) : null}
    </div>
  );
}
