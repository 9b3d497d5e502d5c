import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { JobView } from "@/app/(console)/jobs/_components/job-view";
import { PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { JOB_LABELS } from "@/app/(console)/jobs/_lib/job-families";
import { getJob, refreshDueJobs } from "@/app/(console)/jobs/_lib/job-store";

export const metadata: Metadata = { title: "Job" };

export default async function JobPage({ params }: { params: Promise<{ id: string }> }) {
  const { session, readJobStatus } = await requirePageSession();
  const { id } = await params;
  const stored = await getJob(session.organizationId, id);
  if (!stored) notFound();
  const [job = stored] = await refreshDueJobs(readJobStatus, session.organizationId, [stored]);
  const input = job.input as Record<string, string | undefined>;
  const subject = input.vin ?? input.oeNumber ?? input.aftermarketNumber ?? input.clusterId ?? "";
  return (
    <>
      <PageHeader
        trail={[{ href: "/jobs", label: "Jobs" }, JOB_LABELS[job.family]]}
        title={`${JOB_LABELS[job.family]} ${subject}`.trim()}
      />
      <JobView initial={job} />
    </>
  );
}
