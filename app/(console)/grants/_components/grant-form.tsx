"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import {
  FormCheckbox,
  FormEndpointKeys,
  FormMonthlyCap,
  FormText,
} from "@/components/forms/form-fields";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { type SponsorshipGrant } from "@/lib/api/contract/client-admin";
import { useActionCall } from "@/lib/actions/use-action-submit";
import {
  describeGrantChanges,
  grantForm,
  type GrantFormValues,
  grantFormToRequest,
} from "@/app/(console)/grants/_lib/grant-form";
import {
  type BeneficiaryChoices,
  searchBeneficiaries,
  shownMessage,
} from "@/app/(console)/grants/_lib/beneficiary-search";
import { issueGrantAction, replaceGrantAction } from "../actions";
import { useFormats } from "@/components/i18n/formats-provider";

interface Props {
  mode: "issue" | "replace";
  initial: GrantFormValues;
  /** The grant being replaced: its changes are shown before sending. */
  before?: SponsorshipGrant;
  /** The Sub-users offered at first; with more in all, a search finds the others. */
  beneficiaries: BeneficiaryChoices;
}

/** The beneficiary picker's value for "a Client that is not one of my Sub-users". */
const OTHER = "__other__";

const FIELDS = [
  "reference",
  "beneficiaryClientId",
  "endpointKeys",
  "startsAt",
  "endsAt",
  "monthlyCap",
] as const;

/**
 * The Sub-users the beneficiary picker offers: those given, or those matching the search (on the
 * console's server) once something is typed, with the one chosen kept among them.
 */
function useBeneficiaryOptions(given: BeneficiaryChoices, chosen: string) {
  const t = useTranslations("grants.search");
  const actions = useTranslations("forms.actions");
  const formats = useFormats();
  const [query, setQuery] = useState("");
  const [known, setKnown] = useState(() => given.options.find((o) => o.id === chosen) ?? null);
  const searched = query.trim();
  const search = useQuery({
    queryKey: ["grant-beneficiaries", searched],
    queryFn: ({ signal }) =>
      searchBeneficiaries(searched, { failure: t("failure"), expired: actions("expired") }, signal),
    enabled: searched !== "",
    placeholderData: keepPreviousData,
    retry: false,
  });
  const found = searched !== "" ? search.data : undefined;
  const listed = found?.options ?? given.options;
  const pick = (id: string) => setKnown(listed.find((o) => o.id === id) ?? known);
  const keep = known?.id === chosen && !listed.some((o) => o.id === chosen) ? [known] : [];
  const shown = shownMessage(
    listed.length,
    found?.matched ?? given.total,
    found !== undefined,
    found?.more,
    formats.count,
  );
  return {
    searchable: given.total > given.options.length,
    query,
    setQuery,
    pick,
    options: [...keep, ...listed],
    sentence: "values" in shown ? t(shown.key, shown.values) : t(shown.key),
    error: searched !== "" && search.error ? search.error.message : undefined,
    busy: search.isFetching,
  };
}

export function GrantForm({ mode, initial, before, beneficiaries }: Props) {
  const t = useTranslations("grants.form");
  const tc = useTranslations("grants.changes");
  const formats = useFormats();
  const router = useRouter();
  const [review, setReview] = useState<{ values: GrantFormValues; changes: string[] } | null>(null);
  const form = useForm<GrantFormValues>({
    resolver: zodResolver(grantForm, { error: humanIssue }),
    defaultValues: initial,
  });
  const [choice, setChoice] = useState(() =>
    initial.beneficiaryClientId === "" ||
    beneficiaries.options.some((u) => u.id === initial.beneficiaryClientId)
      ? initial.beneficiaryClientId
      : OTHER,
  );
  const picker = useBeneficiaryOptions(beneficiaries, choice);

  const {
    pending,
    notice,
    run: send,
  } = useActionCall(
    (values: GrantFormValues, idempotencyKey) => {
      const input = {
        reference: values.reference,
        request: grantFormToRequest(values),
        idempotencyKey,
      };
      return mode === "issue" ? issueGrantAction(input) : replaceGrantAction(input);
    },
    {
      onSuccess: (data, { input: values, replayed }) => {
        // The form stays mounted when the page shows the saved grant: leave the review behind.
        setReview(null);
        form.reset(values);
        router.push(
          `/grants/issued/${encodeURIComponent(data.reference)}${replayed ? "?replayed=1" : "?saved=1"}`,
        );
      },
      onUnknown: () => setReview(null),
      noAnswerText: t("noAnswer"),
      onRefusal: (refusal) => {
        setReview(null);
        for (const [field, message] of Object.entries(refusal.fieldErrors ?? {})) {
          const name = field === "monthlyCapMinor" ? "monthlyCap" : field;
          if ((FIELDS as readonly string[]).includes(name))
            form.setError(name as (typeof FIELDS)[number], { message });
        }
      },
    },
  );

  const onSubmit = form.handleSubmit((values) => {
    if (mode === "replace" && before) {
      setReview({
        values,
        changes: describeGrantChanges(
          before,
          grantFormToRequest(values),
          (key, values) => tc(key, values),
          formats,
        ),
      });
      return;
    }
    send(values);
  });

  if (review) {
    return (
      <section aria-labelledby="grant-review-heading" className="space-y-4">
        <h2 id="grant-review-heading" className="text-lg font-semibold">
          {t("reviewHeading", { reference: review.values.reference })}
        </h2>
        {review.changes.length ? (
          <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="grant-changes">
            {review.changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        ) : (
          <Alert tone="info">{t("noChanges")}</Alert>
        )}
        <div className="flex gap-2">
          <Button onClick={() => send(review.values)} disabled={pending}>
            {pending ? t("replacing") : t("replace")}
          </Button>
          <Button variant="secondary" onClick={() => setReview(null)} disabled={pending}>
            {t("back")}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-label={mode === "issue" ? t("issueLabel") : t("replaceLabel")}
    >
      <ActionNotice notice={notice} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormText
          of={form}
          name="reference"
          label={t("reference")}
          hint={t("referenceHint")}
          readOnly={mode === "replace"}
        />
        <div className="space-y-3">
          {picker.searchable ? (
            <TextField
              label={t("findSubUser")}
              type="search"
              autoComplete="off"
              value={picker.query}
              onChange={(e) => picker.setQuery(e.target.value)}
              aria-busy={picker.busy}
              hint={<span role="status">{picker.sentence}</span>}
              error={picker.error}
            />
          ) : null}
          <SelectField
            label={t("beneficiary")}
            value={choice}
            onChange={(e) => {
              picker.pick(e.target.value);
              setChoice(e.target.value);
              form.setValue("beneficiaryClientId", e.target.value === OTHER ? "" : e.target.value, {
                shouldValidate: form.formState.isSubmitted,
              });
            }}
            error={
              choice !== OTHER ? form.formState.errors.beneficiaryClientId?.message : undefined
            }
          >
            <option value="">{t("choose")}</option>
            {picker.options.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} ({u.id})
              </option>
            ))}
            <option value={OTHER}>{t("other")}</option>
          </SelectField>
          {choice === OTHER ? (
            <FormText
              of={form}
              name="beneficiaryClientId"
              label={t("beneficiaryId")}
              autoComplete="off"
              hint={t("beneficiaryIdHint")}
            />
          ) : null}
        </div>
      </div>
      <FormEndpointKeys of={form} name="endpointKeys" legend={t("endpointKeys")} />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormText
          of={form}
          name="startsAt"
          label={t("start")}
          // eslint-disable-next-line i18next/no-literal-string -- date fields take English dates until they follow the person's format (issue 40)
          placeholder="1 Dec 2026 00:00"
          autoComplete="off"
        />
        <FormText
          of={form}
          name="endsAt"
          label={t("end")}
          // eslint-disable-next-line i18next/no-literal-string -- date fields take English dates until they follow the person's format (issue 40)
          placeholder="1 Jan 2027 00:00"
          autoComplete="off"
        />
        <FormMonthlyCap of={form} name="monthlyCap" />
      </div>
      <div className="space-y-2 text-sm">
        <FormCheckbox of={form} name="hub">
          {t.rich("hub", { code: (chunks) => <code>{chunks}</code> })}
        </FormCheckbox>
        <FormCheckbox of={form} name="allowPartnerTerms">
          {t("partnerTerms")}
        </FormCheckbox>
      </div>
      <p className="text-sm text-slate-600">{t("explain")}</p>
      <Button type="submit" disabled={pending}>
        {mode === "issue" ? (pending ? t("issuing") : t("issue")) : t("review")}
      </Button>
    </form>
  );
}
