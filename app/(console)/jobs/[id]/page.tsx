import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { JobView } from "@/app/(console)/jobs/_components/job-view";
import { PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { getJob, refreshDueJobs } from "@/app/(console)/jobs/_lib/job-store";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("jobs.job"))("title") };
}

export default async function JobPage({ params }: { params: Promise<{ id: string }> }) {
  const { session, readJobStatus } = await requirePageSession();
  const { id } = await params;
  const stored = await getJob(session.organizationId, id);
  if (!stored) notFound();
  const [job = stored] = await refreshDueJobs(readJobStatus, session.organizationId, [stored]);
  const input = job.input as Record<string, string | undefined>;
  const t = await getTranslations("jobs");
  const family = t(`families.${job.family}`);
  const subject = input.vin ?? input.oeNumber ?? input.aftermarketNumber ?? input.clusterId ?? "";
  return (
    <>
      <PageHeader
        trail={[{ href: "/jobs", label: t("job.trail") }, family]}
        title={`${family} ${subject}`.trim()}
      />
      <JobView initial={job} />
    </>
  );
}
