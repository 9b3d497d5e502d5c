"use client";

import {
  choicesOf,
  CONDITION_WORDS,
  FRESHNESS_WORDS,
  MINIMUM_EVIDENCE_WORDS,
} from "@/lib/operations/choice-words";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useTranslations } from "next-intl";
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

function ConditionSelect({ form }: { form: AnyScopeForm }) {
  const t = useTranslations("intelligence.forms");
  const choices = useTranslations("choices");
  return (
    <FormSelect
      of={form}
      name="condition"
      label={t("condition")}
      choices={choicesOf(CONDITION_WORDS, choices)}
    />
  );
}

/** The market scope and freshness fields every cluster read shares. */
function ScopeFields({ form }: { form: AnyScopeForm }) {
  const t = useTranslations("intelligence.forms");
  const choices = useTranslations("choices");
  return (
    <>
      <FormText
        of={form}
        name="marketCountry"
        label={t("marketCountry")}
        hint={t("marketCountryHint")}
      />
      <FormText of={form} name="currency" label={t("currency")} hint={t("currencyHint")} />
      <ConditionSelect form={form} />
      <FormText
        of={form}
        name="windowDays"
        label={t("windowDays")}
        inputMode="numeric"
        hint={t("windowDaysHint")}
      />
      <FormSelect
        of={form}
        name="freshnessPolicy"
        label={t("freshness")}
        hint={t("freshnessHint")}
        choices={choicesOf(FRESHNESS_WORDS, choices)}
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
  const t = useTranslations("intelligence.forms");
  const form = useForm<z.input<typeof resolvePartForm>, unknown, z.output<typeof resolvePartForm>>({
    resolver: zodResolver(resolvePartForm, { error: humanIssue }),
    defaultValues: { oeNumber: "", aftermarketNumber: "", manufacturer: "", ...SCOPE_DEFAULTS },
  });
  return (
    <JobForm
      form={form}
      label={t("resolveLabel")}
      submitLabel={t("resolveSubmit")}
      send={(v, idempotencyKey) => resolvePartIntelligenceAction({ ...v, idempotencyKey })}
      onUnknown={t("resolveUnknown", { paid: t("paid") })}
    >
      <FormText
        of={form}
        name="oeNumber"
        label={t("oeNumber")}
        autoComplete="off"
        hint={t("oeNumberHint")}
      />
      <FormText
        of={form}
        name="aftermarketNumber"
        label={t("aftermarketNumber")}
        autoComplete="off"
      />
      <FormText
        of={form}
        name="manufacturer"
        label={t("manufacturer")}
        hint={t("manufacturerHint")}
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
  const t = useTranslations("intelligence.forms");
  const form = useForm<z.input<typeof clusterReadForm>, unknown, z.output<typeof clusterReadForm>>({
    resolver: zodResolver(clusterReadForm, { error: humanIssue }),
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
      label={t("clusterLabel")}
      submitLabel={t("clusterSubmit")}
      send={(v, idempotencyKey) => readClusterIntelligenceAction({ ...v, idempotencyKey })}
    >
      <ScopeFields form={form as unknown as AnyScopeForm} />
    </JobForm>
  );
}

export function VinEconomicForm({ asOf }: { asOf: string }) {
  const t = useTranslations("intelligence.forms");
  const choices = useTranslations("choices");
  const form = useForm<z.input<typeof vinEconomicForm>, unknown, z.output<typeof vinEconomicForm>>({
    resolver: zodResolver(vinEconomicForm, { error: humanIssue }),
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
      label={t("vinLabel")}
      submitLabel={t("vinSubmit")}
      send={(v, idempotencyKey) => startVinEconomicIntelligenceAction({ ...v, idempotencyKey })}
      onUnknown={t("vinUnknown")}
    >
      <FormText of={form} name="vin" label={t("vin")} autoComplete="off" />
      <FormText of={form} name="marketCountry" label={t("marketCountry")} />
      <FormText of={form} name="currency" label={t("currency")} />
      <ConditionSelect form={form as unknown as AnyScopeForm} />
      <FormText of={form} name="asOf" label={t("asOf")} hint={t("asOfHint")} />
      <FormSelect
        of={form}
        name="minimumEvidence"
        label={t("minimumEvidence")}
        choices={choicesOf(MINIMUM_EVIDENCE_WORDS, choices)}
      />
      <FormSelect
        of={form}
        name="freshnessPolicy"
        label={t("freshness")}
        choices={choicesOf(FRESHNESS_WORDS, choices)}
      />
      <FormText
        of={form}
        name="maxCandidates"
        label={t("maxCandidates")}
        inputMode="numeric"
        hint={t("maxCandidatesHint")}
      />
      <FormCheckbox
        of={form}
        name="includeInsufficientCandidates"
        className="flex items-center gap-2 text-sm sm:col-span-2"
      >
        {t("includeInsufficient")}
      </FormCheckbox>
    </JobForm>
  );
}
