"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { FieldErrorText } from "@/components/forms/field-error-text";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { type RateLimitInput, type StoredRateLimit } from "@/lib/api/contract/client-admin";
import { ENDPOINT_KEYS } from "@/lib/api/contract/common";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { replaceRateLimitsAction } from "../../../actions";
import { diffRateLimits, hasChanges, type LimitRule } from "../_lib/rate-limit-diff";
import {
  rateLimitsForm,
  type RateLimitsFormValues,
  toFormRows,
  toRequestRows,
} from "../_lib/rate-limits.schema";

interface Props {
  clientId: string;
  /** The stored set, or null when the service does not report it. */
  current: StoredRateLimit[] | null;
  keys: { id: string; label: string | null }[];
}

const EMPTY_ROW = {
  endpointKey: "*" as const,
  windowSeconds: 60,
  maxRequests: 600,
  apiKeyId: "",
  isActive: true,
};

function DiffList({ title, rules, tone }: { title: string; rules: string[]; tone: string }) {
  if (rules.length === 0) return null;
  return (
    <div>
      <h3 className={`text-sm font-semibold ${tone}`}>
        {title} ({rules.length})
      </h3>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {rules.map((r, i) => (
          <li key={i}>{r}</li>
        ))}
      </ul>
    </div>
  );
}

/** Edits the whole set, then shows what the replacement adds, changes and removes before sending. */
/** The whole numbers of a rule, with their labels. */
const COUNTS = [
  ["windowSeconds", "window"],
  ["maxRequests", "maxRequests"],
] as const;

export function RateLimitEditor({ clientId, current, keys }: Props) {
  const t = useTranslations("subUsers.rateLimits");
  /** A rule in words (as `describeRule`, in the page's language). */
  const describeRule = (r: LimitRule) =>
    t("describe.rule", {
      max: r.maxRequests,
      window: r.windowSeconds,
      scope: r.endpointKey === "*" ? t("describe.allEndpointKeys") : r.endpointKey,
    }) +
    (r.apiKeyId ? t("describe.forKey", { key: r.apiKeyId }) : "") +
    (r.isActive === false ? t("describe.inactive") : "");
  const [before, setBefore] = useState<LimitRule[] | null>(current);
  const [step, setStep] = useState<"edit" | "review">("edit");
  const form = useForm<RateLimitsFormValues>({
    resolver: zodResolver(rateLimitsForm, { error: humanIssue }),
    defaultValues: { rows: toFormRows(current ?? []) },
  });
  const rows = useFieldArray({ control: form.control, name: "rows" });
  const [proposed, setProposed] = useState<RateLimitInput[]>([]);
  const diff = useMemo(
    () => (before ? diffRateLimits(before, proposed) : null),
    [before, proposed],
  );

  const review = form.handleSubmit((values) => {
    setNotice(null);
    setProposed(toRequestRows(values.rows));
    setStep("review");
  });

  const {
    pending,
    notice,
    setNotice,
    run: confirm,
  } = useActionCall(
    (_: void, idempotencyKey) =>
      replaceRateLimitsAction({ clientId, rateLimits: proposed, idempotencyKey }),
    {
      onSuccess: (data, { replayed }) => {
        setBefore(data.rateLimits);
        form.reset({ rows: toFormRows(data.rateLimits) });
        setStep("edit");
        return {
          tone: "success",
          text: replayed ? t("replacedReplayed") : t("replaced", { count: data.rateLimits.length }),
        };
      },
      // The answer was lost: the replacement may have been applied. Sending it again is safe,
      // since it carries the same Idempotency-Key and the service replays the first result.
      onUnknown: () => setStep("edit"),
      noAnswerText: t("noAnswer"),
      onRefusal: (refusal) => {
        setStep("edit");
        for (const [path, message] of Object.entries(refusal.fieldErrors ?? {})) {
          const match = /^rateLimits\.(\d+)\.(\w+)$/.exec(path);
          if (match)
            form.setError(`rows.${Number(match[1])}.${match[2] as "endpointKey"}`, { message });
        }
      },
    },
  );

  if (step === "review") {
    return (
      <section aria-labelledby="review-heading" className="space-y-4">
        <h2 id="review-heading" className="text-lg font-semibold">
          {t("reviewHeading")}
        </h2>
        <p className="text-sm text-slate-600">{t("reviewIntro")}</p>
        {diff ? (
          hasChanges(diff) ? (
            <div
              className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
              data-testid="rate-limit-diff"
            >
              <DiffList
                title={t("added")}
                tone="text-emerald-800"
                rules={diff.added.map(describeRule)}
              />
              <DiffList
                title={t("changed")}
                tone="text-amber-800"
                rules={diff.changed.map(
                  (c) => `${describeRule(c.before)} → ${describeRule(c.after)}`,
                )}
              />
              <DiffList
                title={t("removed")}
                tone="text-red-800"
                rules={diff.removed.map(describeRule)}
              />
              <p className="text-xs text-slate-500">
                {t("unchanged", { count: diff.unchanged.length })}
              </p>
            </div>
          ) : (
            <Alert tone="info">{t("noChanges")}</Alert>
          )
        ) : (
          <Alert tone="warning" title={t("currentUnknownTitle")}>
            {t("currentUnknown", {
              count: proposed.length,
              rules: proposed.map(describeRule).join("; ") || t("none"),
            })}
          </Alert>
        )}
        <div className="flex gap-2">
          <Button onClick={() => confirm()} disabled={pending}>
            {pending ? t("replacing") : t("replace")}
          </Button>
          <Button variant="secondary" onClick={() => setStep("edit")} disabled={pending}>
            {t("back")}
          </Button>
        </div>
      </section>
    );
  }

  const errors = form.formState.errors.rows;
  return (
    <form onSubmit={review} noValidate className="space-y-4" aria-label={t("form")}>
      <ActionNotice notice={notice} />
      {rows.fields.length === 0 ? (
        <p className="text-sm text-slate-600">{t("noOverrides")}</p>
      ) : null}
      <ol className="space-y-3">
        {rows.fields.map((field, index) => (
          <li
            key={field.id}
            className="rounded-lg border border-slate-200 bg-white p-4"
            aria-label={t("rule", { number: index + 1 })}
          >
            <fieldset className="grid gap-3 sm:grid-cols-[1.5fr_1fr_1fr_1.5fr_auto_auto] sm:items-end">
              <legend className="sr-only">{t("rule", { number: index + 1 })}</legend>
              <SelectField
                choices={ENDPOINT_KEYS}
                label={t("endpointKey")}
                error={errors?.[index]?.endpointKey?.message}
                {...form.register(`rows.${index}.endpointKey`)}
              >
                <option value="*">{t("allEndpointKeys")}</option>
              </SelectField>
              {COUNTS.map(([name, label]) => (
                <TextField
                  key={name}
                  label={t(label)}
                  type="number"
                  inputMode="numeric"
                  error={errors?.[index]?.[name]?.message}
                  {...form.register(`rows.${index}.${name}`, { valueAsNumber: true })}
                />
              ))}
              <SelectField
                choices={keys.map((k) => [k.id, k.label ? `${k.label} (${k.id})` : k.id] as const)}
                label={t("apiKey")}
                error={errors?.[index]?.apiKeyId?.message}
                {...form.register(`rows.${index}.apiKeyId`)}
              >
                <option value="">{t("allKeys")}</option>
              </SelectField>
              <div className="flex items-center gap-2 pb-2">
                <input
                  id={`active-${field.id}`}
                  type="checkbox"
                  className="h-4 w-4"
                  {...form.register(`rows.${index}.isActive`)}
                />
                <label htmlFor={`active-${field.id}`} className="text-sm">
                  {t("active")}
                </label>
              </div>
              <Button
                variant="ghost"
                onClick={() => rows.remove(index)}
                aria-label={t("removeRule", { number: index + 1 })}
              >
                {t("remove")}
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      {errors?.root?.message ? (
        <Alert tone="danger">
          <FieldErrorText error={errors.root.message} />
        </Alert>
      ) : null}
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => rows.append({ ...EMPTY_ROW })}>
          {t("addRule")}
        </Button>
        <Button type="submit">{t("review")}</Button>
      </div>
    </form>
  );
}
