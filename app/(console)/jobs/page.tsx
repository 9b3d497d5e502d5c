import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { ButtonLink } from "@/components/ui/button";
import { DataTable } from "@/components/ui/table";
import { requirePageSession } from "@/lib/auth/guards";
import { formatDateTime } from "@/lib/format";
import { JOB_LABELS, JOB_STATUS_TONE } from "@/app/(console)/jobs/_lib/job-families";
import { listJobs } from "@/app/(console)/jobs/_lib/job-store";

export const metadata: Metadata = { title: "Jobs" };

export default async function JobsPage() {
  const { session } = await requirePageSession();
  const jobs = await listJobs(session.clientId);
  return (
    <>
      <PageHeader
        title="Jobs"
        description="Work started from this console (the service has no list of jobs, so the console keeps one). Statuses are as last polled."
        actions={<ButtonLink href="/jobs/new">Start a job</ButtonLink>}
      />
      <Card>
        <DataTable
          caption="Recent jobs, newest first"
          columns={["Started", "Kind", "Subject", "Status"]}
          rows={jobs}
          keyOf={(j) => j.id}
          rowTestId="job-row"
          empty="No job was started from this console yet."
          cells={(j) => [
            <Link key="at" className="text-brand-700 underline" href={`/jobs/${j.id}`}>
              {formatDateTime(j.createdAt)}
            </Link>,
            JOB_LABELS[j.family],
            <code key="subject">{String(j.input.vin ?? j.input.oeNumber ?? "")}</code>,
            <Badge key="status" tone={JOB_STATUS_TONE[j.status]}>
              {j.status}
            </Badge>,
          ]}
        />
      </Card>
    </>
  );
}
