import type { Metadata } from "next";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import { Link } from "@/components/ui/link";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { INTELLIGENCE_JOB_FAMILIES } from "@/lib/api/contract/operations";
import { recentJobsOf, refreshDueJobs } from "@/app/(console)/jobs/_lib/job-store";
import { ResolvePartForm } from "./_components/intelligence-forms";
import { PilotStatePanel } from "./_components/pilot-state-panel";
import { RecentResults } from "./_components/recent-results";

export const metadata: Metadata = { title: "Market intelligence" };

export default async function IntelligencePage() {
  const { session, pilotState, readJobStatus } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/intelligence");
  if (notOffered) return notOffered;
  const [pilot, recent] = await Promise.all([
    pilotState(),
    recentJobsOf(session.organizationId, INTELLIGENCE_JOB_FAMILIES),
  ]);
  const jobs = await refreshDueJobs(readJobStatus, session.organizationId, recent);
  const vinEnabled =
    pilot.state === "unknown" || (pilot.state === "open" && pilot.gates.vinEconomicIntelligence);
  return (
    <>
      <PageHeader
        title="Market intelligence"
        description="Market prices, standtime, trend and scores of part clusters, each with the evidence and confidence behind it."
      />
      <div className="space-y-6">
        <Card title="The pilot">
          <PilotStatePanel pilot={pilot} />
        </Card>
        {pilot.state !== "closed" ? (
          <Card title="Resolve a part">
            <ResolvePartForm />
          </Card>
        ) : null}
        <Card title="VIN Economic Intelligence">
          {vinEnabled ? (
            <p className="text-sm">
              Value the parts of one vehicle as a risk-adjusted portfolio:{" "}
              <Link className="underline" href="/intelligence/vin">
                start an evaluation
              </Link>
              .
            </p>
          ) : (
            <p className="text-sm text-slate-600">
              Not enabled for your account: the service answers evaluations as disabled.
            </p>
          )}
        </Card>
        <Card title="Recent results">
          <RecentResults jobs={jobs} />
        </Card>
      </div>
    </>
  );
}
