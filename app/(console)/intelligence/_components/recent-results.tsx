import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/table";
import { JOB_STATUS_TONE, type TrackedJob } from "@/app/(console)/jobs/_lib/job-families";
import { STATUS_TONE } from "@/app/(console)/intelligence/_components/cluster-intelligence-view";
import { getFormats } from "@/lib/i18n/formats-server";

/** What an Intelligence job was about, in a few words. */
function subjectOf(job: TrackedJob): string {
  const i = job.input as Record<string, string | undefined>;
  return i.oeNumber ?? i.aftermarketNumber ?? i.vin ?? i.clusterId ?? "";
}

/** The Client's latest Intelligence reads and evaluations, each linking to its page. */
export async function RecentResults({ jobs }: { jobs: TrackedJob[] }) {
  const formats = await getFormats();
  const t = await getTranslations("intelligence");
  const families = await getTranslations("jobs.families");
  const states = await getTranslations("jobs.status");
  return (
    <DataTable
      caption={t("recent.caption")}
      columns={[
        t("recent.columns.started"),
        t("recent.columns.kind"),
        t("recent.columns.subject"),
        t("recent.columns.state"),
        t("recent.columns.result"),
      ]}
      rows={jobs}
      keyOf={(j) => j.id}
      rowTestId="intelligence-result-row"
      cells={(j) => {
        const status = (j.result as { status?: keyof typeof STATUS_TONE } | null)?.status;
        return [
          <Link key="l" className="underline" href={`/jobs/${j.id}`}>
            {formats.dateTime(j.createdAt)}
          </Link>,
          families(j.family),
          <code key="s" className="break-all">
            {subjectOf(j)}
          </code>,
          <Badge key="b" tone={JOB_STATUS_TONE[j.status]}>
            {states(`words.${j.status}`)}
          </Badge>,
          j.family === "part_intelligence" && status && STATUS_TONE[status] ? (
            <Badge key="r" tone={STATUS_TONE[status]}>
              {t(`status.${status}`)}
            </Badge>
          ) : (
            "—"
          ),
        ];
      }}
      empty={t("recent.empty")}
    />
  );
}
