"use client";

import { FormText } from "@/components/forms/form-fields";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { CopyableId } from "@/components/ui/copyable-id";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { fullVin } from "@/lib/api/contract/common";
import { lookUpVehicleAction } from "../actions";

const lookupForm = z.object({
  vin: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .pipe(fullVin),
});

type Vehicle = {
  vin?: string;
  svcId?: string;
  incomplete?: boolean;
  vehicle?: Record<string, unknown>;
};

export function VehicleLookup() {
  const [pending, startTransition] = useTransition();
  const [vehicle, setVehicle] = useState<Vehicle | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof lookupForm>, unknown, z.output<typeof lookupForm>>({
    resolver: zodResolver(lookupForm),
    defaultValues: { vin: "" },
  });
  const onSubmit = form.handleSubmit((values) =>
    startTransition(async () => {
      setError(null);
      setVehicle(null);
      const result = await lookUpVehicleAction(values);
      if (result.ok) setVehicle(result.data.vehicle as Vehicle);
      else {
        if (result.fieldErrors?.vin) form.setError("vin", { message: result.fieldErrors.vin });
        setError(result.message);
      }
    }),
  );
  const v = vehicle?.vehicle as
    { manufacturer?: string; model?: string; modelYear?: number } | undefined;
  return (
    <div className="space-y-3">
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex flex-wrap items-end gap-3"
        aria-label="Direct vehicle lookup"
      >
        <FormText
          of={form}
          name="vin"
          label="Full VIN"
          wrapperClassName="min-w-72"
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? "Looking up…" : "Look up"}
        </Button>
      </form>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {vehicle ? (
        <Alert
          tone="success"
          title={`${v?.manufacturer ?? "Vehicle"} ${v?.model ?? ""} ${v?.modelYear ?? ""}`.trim()}
        >
          svcId {vehicle.svcId ? <CopyableId id={vehicle.svcId} kind="svcId" /> : "not reported"}
          {vehicle.incomplete
            ? " · the VIN matched several vehicle types; this is the first candidate"
            : ""}
        </Alert>
      ) : null}
    </div>
  );
}
