import type { Metadata } from "next";
import { Facts } from "@/components/ui/facts";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { consoleConfig } from "@/lib/config/console-env";
import { mayCall } from "@/lib/auth/rights";
import {
  CreditAndPlans,
  GrantsNearCap,
  RecentAudit,
  RecentJobs,
  ServiceStatusPanel,
  UsageWarnings,
} from "./_components/overview-panels";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  // Every panel reads its own figures, so their calls start together and none waits for another.
  const { session, api } = await requirePageSession();
  const fmt = new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  const idleMinutes = Math.round(consoleConfig().SESSION_IDLE_TIMEOUT_SECONDS / 60);
  return (
    <>
      <PageHeader
        title="Overview"
        description="Administration and operations for the Vehicle, Parts and Market-Intelligence Service."
      />
      <div className="grid gap-6 md:grid-cols-3">
        <CreditAndPlans api={api} />
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <UsageWarnings clientId={session.clientId} />
        {mayCall(session, "listSponsorshipGrants") && session.isMaster ? (
          <GrantsNearCap api={api} session={session} />
        ) : null}
        <RecentJobs organizationId={session.organizationId} />
        <RecentAudit organizationId={session.organizationId} />
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Card title="Signed in">
          <Facts
            facts={[
              ["Client", <code key="c">{session.clientId}</code>],
              ["Role", session.isMaster ? "Master client" : "Sub-user"],
              ["Environment", session.environment],
              [
                "Session ends",
                `${fmt.format(session.expiresAt)} UTC at the latest, or after ${idleMinutes} minutes without activity`,
              ],
            ]}
          />
        </Card>
        <ServiceStatusPanel api={api} />
      </div>
    </>
  );
}
