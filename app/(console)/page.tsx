import type { Metadata } from "next";
import { Facts } from "@/components/ui/facts";
import { Card, PageHeader } from "@/components/ui/card";
import { getServiceStatus } from "@/lib/api/service-status";
import { requirePageSession } from "@/lib/auth/guards";
import { consoleConfig } from "@/lib/config/console-env";
import { mayCall } from "@/lib/auth/rights";
import { attempt } from "@/lib/operations/outcome";
import {
  CreditAndPlans,
  GrantsNearCap,
  RecentAudit,
  RecentJobs,
  UsageWarnings,
} from "./_components/overview-panels";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const { session, api } = await requirePageSession();
  // The public document says whether the service is up; an authenticated ping says whether it
  // accepts this session's key.
  const [status, ping] = await Promise.all([
    getServiceStatus(),
    // Unreachable: the status line above already says so.
    attempt("getSystemStatus", () => api.getSystemStatus()).catch(() => null),
  ]);
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
        <RecentJobs clientId={session.clientId} />
        <RecentAudit clientId={session.clientId} />
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
        <Card title="Service">
          <Facts
            facts={[
              [
                "Address",
                <>
                  <code>{status.url}</code>{" "}
                  {status.embedded ? (
                    <span className="text-slate-500">(embedded reference service)</span>
                  ) : null}
                </>,
              ],
              [
                "Status",
                status.reachable ? "Reachable" : `Unreachable: ${status.reason}`,
                "service-status",
              ],
              [
                "This key",
                !ping
                  ? "Not checked: the service did not answer."
                  : ping.ok
                    ? `Accepted (ping ${ping.data.status}, ${ping.data.service})`
                    : `Refused: ${ping.message}`,
                "service-ping",
              ],
              status.reachable && ["Interface version", status.version, "service-version"],
            ]}
          />
        </Card>
      </div>
    </>
  );
}
