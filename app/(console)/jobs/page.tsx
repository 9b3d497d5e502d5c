import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { TableHead } from "@/components/ui/table";
import { requirePageSession } from "@/lib/auth/guards";
import { formatDateTime } from "@/lib/format";
import { JOB_LABELS } from "@/app/(console)/jobs/_lib/job-families";
import { listJobs } from "@/app/(console)/jobs/_lib/job-store";

export const metadata: Metadata = { title: "Jobs" };

const TONE = {
  queued: "neutral",
  running: "blue",
  succeeded: "green",
  failed: "red",
  quarantined: "amber",
} as const;

export default async function JobsPage() {
  const { session } = await requirePageSession();
  const jobs = await listJobs(session.clientId);
  return (
    <>
      <PageHeader
        title="Jobs"
        description="Work started from this console (the service has no list of jobs, so the console keeps one). Statuses are as last polled."
        actions={
          <Link
            href="/jobs/new"
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Start a job
          </Link>
        }
      />
      <Card>
        {jobs.length === 0 ? (
          <p className="text-sm text-slate-600">No job was started from this console yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Recent jobs, newest first</caption>
            <TableHead columns={["Started", "Kind", "Subject", "Status"]} />
            <tbody>
              {jobs.map((j) => (
                <tr key={j.id} className="border-t border-slate-100" data-testid="job-row">
                  <td className="py-2 pr-4 whitespace-nowrap">
                    <Link className="text-brand-700 underline" href={`/jobs/${j.id}`}>
                      {formatDateTime(j.createdAt)}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">{JOB_LABELS[j.family]}</td>
                  <td className="py-2 pr-4">
                    <code>{String(j.input.vin ?? j.input.oeNumber ?? "")}</code>
                  </td>
                  <td className="py-2">
                    <Badge tone={TONE[j.status]}>{j.status}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </>
  );
}
