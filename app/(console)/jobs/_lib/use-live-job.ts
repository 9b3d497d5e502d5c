"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { isFinal, type TrackedJob } from "./job-families";

async function fetchJob(
  id: string,
  t: ReturnType<typeof useTranslations<"jobs.live">>,
): Promise<TrackedJob> {
  const response = await fetch(`/api/jobs/${encodeURIComponent(id)}`, { cache: "no-store" });
  if (response.status === 401) throw new Error(t("sessionEnded"));
  if (!response.ok) throw new Error(t("unreadable"));
  return response.json() as Promise<TrackedJob>;
}

/** Seconds until the next read the service asked for (at least one). */
export const pollDelaySeconds = (job: TrackedJob) => Math.max(1, job.retryAfterSeconds ?? 1);

/**
 * Follows one job from the browser: asks the console (which reads the service once per request)
 * after the delay the service asked for, until the job is final. The list and the job's page
 * share one query per job, so a job is never followed twice.
 */
export function useLiveJob(initial: TrackedJob) {
  const t = useTranslations("jobs.live");
  return useQuery({
    queryKey: ["job", initial.id],
    queryFn: () => fetchJob(initial.id, t),
    initialData: initial,
    initialDataUpdatedAt: Date.parse(initial.updatedAt),
    staleTime: (q) => (q.state.data && isFinal(q.state.data.status) ? Infinity : 0),
    refetchOnMount: false,
    refetchInterval: (q) => {
      const job = q.state.data;
      if (!job || isFinal(job.status)) return false;
      return pollDelaySeconds(job) * 1000;
    },
    refetchIntervalInBackground: true,
  });
}
