"use client";

import { useTranslations } from "next-intl";
import { Receipt } from "@/components/billing/receipt";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import {
  isFinal,
  JOB_STATUS_TONE,
  type TrackedJob as Job,
} from "@/app/(console)/jobs/_lib/job-families";
import { pollDelaySeconds, useLiveJob } from "@/app/(console)/jobs/_lib/use-live-job";
import { JobResult } from "./job-results";
import { useFormats } from "@/components/i18n/formats-provider";

/** One job, followed live until it is final; a reload resumes from the stored state. */
export function JobView({ initial }: { initial: Job }) {
  const formats = useFormats();
  const t = useTranslations("jobs");
  const query = useLiveJob(initial);
  const job = query.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={JOB_STATUS_TONE[job.status]}>
          <span data-testid="job-status">{t(`status.words.${job.status}`)}</span>
        </Badge>
        <span className="text-sm text-slate-600">
          {t("view.meta", {
            family: t(`families.${job.family}`),
            started: formats.dateTime(job.createdAt),
            updated: formats.dateTime(job.updatedAt),
          })}
        </span>
      </div>
      {query.error ? <Alert tone="danger">{query.error.message}</Alert> : null}
      {!isFinal(job.status) ? (
        <div role="status" aria-live="polite">
          <Spinner label={t("view.working", { seconds: String(pollDelaySeconds(job)) })} />
        </div>
      ) : null}
      {job.status === "failed" ? (
        <Alert tone="danger" title={t("view.failedTitle")}>
          {t.rich("view.failedBody", {
            errorCode: job.error?.code ?? t("view.unknown"),
            message: job.error?.message ?? t("view.noReason"),
            code: (chunks) => <code>{chunks}</code>,
          })}
        </Alert>
      ) : null}
      {job.status === "quarantined" ? (
        <Alert tone="warning" title={t("view.quarantinedTitle")}>
          {t.rich("view.quarantinedBody", {
            location: job.quarantine?.location ?? t("view.missing"),
            statusUrl: job.quarantine?.statusUrl ?? "",
            code: (chunks) => <code>{chunks}</code>,
          })}
        </Alert>
      ) : null}
      {job.status === "succeeded" ? <JobResult family={job.family} result={job.result} /> : null}
      {job.receipt ? (
        <Receipt facts={job.receipt} label={t("view.receipt", { id: job.id.slice(0, 8) })} />
      ) : null}
      {job.receipt?.billingSource && job.status === "failed" ? (
        <p className="text-xs text-slate-600">{t("view.refunded")}</p>
      ) : null}
    </div>
  );
}
