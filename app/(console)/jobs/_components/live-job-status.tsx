"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { isFinal, JOB_STATUS_TONE, type TrackedJob } from "@/app/(console)/jobs/_lib/job-families";
import { useLiveJob } from "@/app/(console)/jobs/_lib/use-live-job";

/** A job's status in a list, followed live while the job is unfinished. */
export function LiveJobStatus({ initial }: { initial: TrackedJob }) {
  const t = useTranslations("jobs.status");
  const { data: job, error } = useLiveJob(initial);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge tone={JOB_STATUS_TONE[job.status]}>
        <span data-testid="job-status">{t(`words.${job.status}`)}</span>
      </Badge>
      {!isFinal(job.status) ? (
        <span className="text-xs text-slate-600">{t("following")}</span>
      ) : null}
      {error ? <span className="text-xs text-red-700">{error.message}</span> : null}
    </span>
  );
}
