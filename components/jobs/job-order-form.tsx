"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useState, useTransition } from "react";
import { type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type ActionResult } from "@/lib/actions/action-result";

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
  send: (values: V) => Promise<ActionResult<{ jobId: string }>>;
  onUnknown?: string;
  /** Instead of opening the job's page (e.g. a page that shows its jobs in place). */
  onStarted?: (jobId: string) => void;
  children: ReactNode;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<{
    tone: "danger" | "warning";
    title?: string;
    text: string;
  } | null>(null);
  const unknown = (text: string) =>
    setNotice({ tone: "warning", title: "The outcome is unknown", text: onUnknown ?? text });
  const submit = (values: V) =>
    startTransition(async () => {
      setNotice(null);
      let result;
      try {
        result = await send(values);
      } catch {
        unknown("The console did not answer. Look at the recent jobs before starting it again.");
        return;
      }
      if (result.ok)
        return onStarted ? onStarted(result.data.jobId) : router.push(`/jobs/${result.data.jobId}`);
      if (result.outcome === "unknown") return unknown(result.message);
      const fields = Object.keys(form.formState.defaultValues ?? {});
      for (const [path, message] of Object.entries(result.fieldErrors ?? {})) {
        const field = path.replace(/^(body|query)\./, "");
        if (fields.includes(field)) form.setError(field as Path<T>, { message });
      }
      setNotice({ tone: "danger", text: result.message });
    });
  return (
    <form noValidate className="space-y-4" aria-label={label} onSubmit={form.handleSubmit(submit)}>
      {notice ? (
        <Alert tone={notice.tone} title={notice.title}>
          {notice.text}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
      <Button type="submit" disabled={pending}>
        {pending ? "Starting…" : submitLabel}
      </Button>
    </form>
  );
}
