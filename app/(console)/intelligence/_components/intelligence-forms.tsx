"use client";

import {
  choicesOf,
  CONDITION_WORDS,
  FRESHNESS_WORDS,
  MINIMUM_EVIDENCE_WORDS,
} from "@/lib/operations/choice-words";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type z } from "zod";
import { FormCheckbox, FormSelect, FormText } from "@/components/forms/form-fields";
import { JobForm } from "@/app/(console)/jobs/_components/job-order-form";
import {
  clusterReadForm,
  type marketScopeFields,
  resolvePartForm,
  vinEconomicForm,
} from "../_lib/intelligence-forms";
import {
  readClusterIntelligenceAction,
  resolvePartIntelligenceAction,
  startVinEconomicIntelligenceAction,
} from "../actions";

type Scope = z.input<typeof marketScopeFields>;
type AnyScopeForm = Parameters<typeof FormText<Scope & { freshnessPolicy: string }>>[0]["of"];

const PAID =
  "Each read is one billed call (polling a refresh is not). Sending the same form again after a failure replays it without a second charge.";

function ConditionSelect({ form }: { form: AnyScopeForm }) {
  return (
    <FormSelect of={form} name="condition" label="Condition" choices={choicesOf(CONDITION_WORDS)} />
  );
}

/** The market scope and freshness fields every cluster read shares. */
function ScopeFields({ form }: { form: AnyScopeForm }) {
  return (
    <>
      <FormText
        of={form}
        name="marketCountry"
        label="Market country"
        hint="Two letters, e.g. DE."
      />
      <FormText of={form} name="currency" label="Currency" hint="Three letters, e.g. EUR." />
      <ConditionSelect form={form} />
      <FormText
        of={form}
        name="windowDays"
        label="Window (days)"
        inputMode="numeric"
        hint="1 to 730."
      />
      <FormSelect
        of={form}
        name="freshnessPolicy"
        label="Freshness"
        hint="A refresh runs as a job where your account allows it; otherwise the service says a refresh would be needed."
        choices={choicesOf(FRESHNESS_WORDS)}
      />
    </>
  );
}

const SCOPE_DEFAULTS = {
  marketCountry: "DE",
  currency: "EUR",
  condition: "used",
  windowDays: 90,
  freshnessPolicy: "refresh_if_stale",
} as const;

export function ResolvePartForm() {
  const form = useForm<z.input<typeof resolvePartForm>, unknown, z.output<typeof resolvePartForm>>({
    resolver: zodResolver(resolvePartForm),
    defaultValues: { oeNumber: "", aftermarketNumber: "", manufacturer: "", ...SCOPE_DEFAULTS },
  });
  return (
    <JobForm
      form={form}
      label="Resolve a part"
      submitLabel="Read market intelligence"
      send={(v, idempotencyKey) => resolvePartIntelligenceAction({ ...v, idempotencyKey })}
      onUnknown={`The console did not learn whether the read was made. Look at the recent results below before reading again. ${PAID}`}
    >
      <FormText
        of={form}
        name="oeNumber"
        label="OE number"
        autoComplete="off"
        hint="For example 1J0 698 151."
      />
      <FormText
        of={form}
        name="aftermarketNumber"
        label="or aftermarket number"
        autoComplete="off"
      />
      <FormText
        of={form}
        name="manufacturer"
        label="Manufacturer (optional)"
        hint="Needed when two manufacturers use the number."
      />
      <ScopeFields form={form as unknown as AnyScopeForm} />
    </JobForm>
  );
}

export function ClusterReadForm({
  clusterId,
  scope,
}: {
  clusterId: string;
  scope: { marketCountry: string; currency: string; condition: string; windowDays: number };
}) {
  const form = useForm<z.input<typeof clusterReadForm>, unknown, z.output<typeof clusterReadForm>>({
    resolver: zodResolver(clusterReadForm),
    defaultValues: {
      ...SCOPE_DEFAULTS,
      ...scope,
      condition: scope.condition as z.input<typeof clusterReadForm>["condition"],
      clusterId,
    },
  });
  return (
    <JobForm
      form={form}
      label="Read this cluster"
      submitLabel="Read again"
      send={(v, idempotencyKey) => readClusterIntelligenceAction({ ...v, idempotencyKey })}
    >
      <ScopeFields form={form as unknown as AnyScopeForm} />
    </JobForm>
  );
}

export function VinEconomicForm({ asOf }: { asOf: string }) {
  const form = useForm<z.input<typeof vinEconomicForm>, unknown, z.output<typeof vinEconomicForm>>({
    resolver: zodResolver(vinEconomicForm),
    defaultValues: {
      vin: "",
      marketCountry: "DE",
      currency: "EUR",
      condition: "used",
      asOf,
      minimumEvidence: "usable",
      freshnessPolicy: "allow_stale",
      maxCandidates: 20,
      includeInsufficientCandidates: true,
    },
  });
  return (
    <JobForm
      form={form}
      label="VIN Economic Intelligence"
      submitLabel="Start the evaluation"
      send={(v, idempotencyKey) => startVinEconomicIntelligenceAction({ ...v, idempotencyKey })}
      onUnknown="The console did not learn whether the evaluation was ordered. Look at the recent results before starting it again: each order is billed."
    >
      <FormText of={form} name="vin" label="VIN" autoComplete="off" />
      <FormText of={form} name="marketCountry" label="Market country" />
      <FormText of={form} name="currency" label="Currency" />
      <ConditionSelect form={form as unknown as AnyScopeForm} />
      <FormText
        of={form}
        name="asOf"
        label="As of"
        hint="UTC, not in the future, e.g. 20 Nov 2026 09:00. The window is fixed at 90 days."
      />
      <FormSelect
        of={form}
        name="minimumEvidence"
        label="Minimum evidence for the portfolio"
        choices={choicesOf(MINIMUM_EVIDENCE_WORDS)}
      />
      <FormSelect
        of={form}
        name="freshnessPolicy"
        label="Freshness"
        choices={choicesOf(FRESHNESS_WORDS)}
      />
      <FormText
        of={form}
        name="maxCandidates"
        label="Most candidates to list"
        inputMode="numeric"
        hint="1 to 100."
      />
      <FormCheckbox
        of={form}
        name="includeInsufficientCandidates"
        className="flex items-center gap-2 text-sm sm:col-span-2"
      >
        List candidates with insufficient evidence too (they never enter the portfolio)
      </FormCheckbox>
    </JobForm>
  );
}
