"use client";

import { Receipt } from "@/components/billing/receipt";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format";
import {
  isFinal,
  JOB_LABELS,
  JOB_STATUS_TONE,
  type TrackedJob as Job,
} from "@/app/(console)/jobs/_lib/job-families";
import { pollDelaySeconds, useLiveJob } from "@/app/(console)/jobs/_lib/use-live-job";
import { JobResult } from "./job-results";

/** One job, followed live until it is final; a reload resumes from the stored state. */
export function JobView({ initial }: { initial: Job }) {
  const query = useLiveJob(initial);
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
          <Spinner label={`The service is working; next check in ${pollDelaySeconds(job)} s`} />
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
      {job.receipt ? (
        <Receipt facts={job.receipt} label={`Receipt of the order ${job.id.slice(0, 8)}`} />
      ) : null}
      {job.receipt?.billingSource && job.status === "failed" ? (
        <p className="text-xs text-slate-600">
          The service refunds the order of a job that fails; the receipt shows how it was settled
          when it was accepted.
        </p>
      ) : null}
    </div>
  );
}
