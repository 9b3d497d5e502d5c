"use client";

import { useQuery } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format";
import {
  isFinal,
  JOB_LABELS,
  JOB_STATUS_TONE,
  type JobView as Job,
} from "@/app/(console)/jobs/_lib/job-families";
import { JobResult } from "./job-results";

async function fetchJob(id: string): Promise<Job> {
  const response = await fetch(`/api/jobs/${encodeURIComponent(id)}`, { cache: "no-store" });
  if (response.status === 401)
    throw new Error("Your session has ended. Sign in again to follow this job.");
  if (!response.ok) throw new Error("The console could not read this job.");
  return response.json() as Promise<Job>;
}

/**
 * Follows one job: polls the console (which polls the service once per request) after the delay
 * the service asked for, until the job is final. A reload resumes from the stored state.
 */
export function JobView({ initial }: { initial: Job }) {
  const query = useQuery({
    queryKey: ["job", initial.id],
    queryFn: () => fetchJob(initial.id),
    initialData: initial,
    initialDataUpdatedAt: 0,
    refetchInterval: (q) => {
      const job = q.state.data;
      if (!job || isFinal(job.status)) return false;
      return Math.max(1, job.retryAfterSeconds ?? 1) * 1000;
    },
    refetchIntervalInBackground: true,
  });
  const job = query.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={JOB_STATUS_TONE[job.status]}>
          <span data-testid="job-status">{job.status}</span>
        </Badge>
        <span className="text-sm text-slate-600">
          {JOB_LABELS[job.family]} · started {formatDateTime(job.createdAt)} · updated{" "}
          {formatDateTime(job.updatedAt)}
        </span>
      </div>
      {query.error ? <Alert tone="danger">{query.error.message}</Alert> : null}
      {!isFinal(job.status) ? (
        <div role="status" aria-live="polite">
          <Spinner
            label={`The service is working; next check in ${Math.max(1, job.retryAfterSeconds ?? 1)} s`}
          />
        </div>
      ) : null}
      {job.status === "failed" ? (
        <Alert tone="danger" title="The job failed">
          <code>{job.error?.code ?? "unknown"}</code>:{" "}
          {job.error?.message ?? "The service gave no reason."} The order was not repeated.
        </Alert>
      ) : null}
      {job.status === "quarantined" ? (
        <Alert tone="warning" title="Quarantined">
          The service accepted this job, but its <code>Location</code> (
          {job.quarantine?.location ?? "missing"}) does not match its <code>statusUrl</code> (
          {job.quarantine?.statusUrl}). The console does not poll a job it cannot trust, and did not
          order it again.
        </Alert>
      ) : null}
      {job.status === "succeeded" ? <JobResult family={job.family} result={job.result} /> : null}
    </div>
  );
}
