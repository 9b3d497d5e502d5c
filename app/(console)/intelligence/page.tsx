import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import { Link } from "@/components/ui/link";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { INTELLIGENCE_JOB_FAMILIES } from "@/lib/api/contract/operations";
import { recentJobsOf, refreshDueJobs } from "@/app/(console)/jobs/_lib/job-store";
import { ResolvePartForm } from "./_components/intelligence-forms";
import { PilotStatePanel } from "./_components/pilot-state-panel";
import { RecentResults } from "./_components/recent-results";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("intelligence"))("title") };
}

export default async function IntelligencePage() {
  const { session, pilotState, readJobStatus } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/intelligence");
  if (notOffered) return notOffered;
  const [pilot, recent] = await Promise.all([
    pilotState(),
    recentJobsOf(session.organizationId, INTELLIGENCE_JOB_FAMILIES),
  ]);
  const jobs = await refreshDueJobs(readJobStatus, session.organizationId, recent);
  const t = await getTranslations("intelligence");
  const vinEnabled =
    pilot.state === "unknown" || (pilot.state === "open" && pilot.gates.vinEconomicIntelligence);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <Card title={t("pilotCard")}>
          <PilotStatePanel pilot={pilot} />
        </Card>
        {pilot.state !== "closed" ? (
          <Card title={t("resolveCard")}>
            <ResolvePartForm />
          </Card>
        ) : null}
        <Card title={t("vinCard")}>
          {vinEnabled ? (
            <p className="text-sm">
              {t.rich("vinIntro", {
                link: (chunks) => (
                  <Link className="underline" href="/intelligence/vin">
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          ) : (
            <p className="text-sm text-slate-600">{t("vinDisabled")}</p>
          )}
        </Card>
        <Card title={t("recentCard")}>
          <RecentResults jobs={jobs} />
        </Card>
      </div>
    </>
  );
}
