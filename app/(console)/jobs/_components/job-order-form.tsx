"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode } from "react";
import { type FieldValues, type UseFormReturn } from "react-hook-form";
import { ActionForm } from "@/components/forms/action-form";
import { type ActionResult } from "@/lib/actions/action-result";
import { useActionSubmit } from "@/lib/actions/use-action-submit";

/**
 * A form that orders a job: it submits, then opens the job; refusals go next to their fields
 * and the typed values stay. An uncertain outcome is reported, never sent again.
 */
export function JobForm<T extends FieldValues, V>({
  form,
  label,
  submitLabel,
  send,
  onUnknown,
  onStarted,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context, values as parsed
  form: UseFormReturn<T, any, V>;
  label: string;
  submitLabel: string;
  /** Sends the values, with the order's Idempotency-Key (`useActionSubmit`'s) where it takes one. */
  send: (values: V, idempotencyKey: string) => Promise<ActionResult<{ jobId: string }>>;
  onUnknown?: string;
  /** Instead of opening the job's page (e.g. a page that shows its jobs in place). */
  onStarted?: (jobId: string) => void;
  children: ReactNode;
}) {
  const t = useTranslations("jobs.jobForm");
  const router = useRouter();
  const run = useActionSubmit(form, send, {
    onSuccess: ({ jobId }) => (onStarted ? onStarted(jobId) : router.push(`/jobs/${jobId}`)),
    unknownText: onUnknown,
    noAnswerText: t("noAnswer"),
  });
  return (
    <ActionForm label={label} run={run} button={[submitLabel, t("pending")]}>
      {children}
    </ActionForm>
  );
}
