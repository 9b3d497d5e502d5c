import { Link } from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";
import {
  JOB_LABELS,
  JOB_STATUS_TONE,
  type TrackedJob,
} from "@/app/(console)/jobs/_lib/job-families";
import {
  STATUS_LABEL,
  STATUS_TONE,
} from "@/app/(console)/intelligence/_components/cluster-intelligence-view";

/** What an Intelligence job was about, in a few words. */
function subjectOf(job: TrackedJob): string {
  const i = job.input as Record<string, string | undefined>;
  return i.oeNumber ?? i.aftermarketNumber ?? i.vin ?? i.clusterId ?? "";
}

/** The Client's latest Intelligence reads and evaluations, each linking to its page. */
export function RecentResults({ jobs }: { jobs: TrackedJob[] }) {
  return (
    <DataTable
      caption="Recent Intelligence results"
      columns={["Started", "Kind", "Subject", "State", "Result"]}
      rows={jobs}
      keyOf={(j) => j.id}
      rowTestId="intelligence-result-row"
      cells={(j) => {
        const status = (j.result as { status?: keyof typeof STATUS_LABEL } | null)?.status;
        return [
          <Link key="l" className="underline" href={`/jobs/${j.id}`}>
            {formatDateTime(j.createdAt)}
          </Link>,
          JOB_LABELS[j.family],
          <code key="s" className="break-all">
            {subjectOf(j)}
          </code>,
          <Badge key="b" tone={JOB_STATUS_TONE[j.status]}>
            {j.status}
          </Badge>,
          j.family === "part_intelligence" && status && STATUS_LABEL[status] ? (
            <Badge key="r" tone={STATUS_TONE[status]}>
              {STATUS_LABEL[status]}
            </Badge>
          ) : (
            "—"
          ),
        ];
      }}
      empty="No Intelligence results yet."
    />
  );
}
