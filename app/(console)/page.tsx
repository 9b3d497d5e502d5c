import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
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
import { getFormats } from "@/lib/i18n/formats-server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("overview"))("title") };
}

export default async function OverviewPage() {
  // Every panel reads its own figures, so their calls start together and none waits for another.
  const { session, api } = await requirePageSession();
  const formats = await getFormats();
  const idleMinutes = Math.round(consoleConfig().SESSION_IDLE_TIMEOUT_SECONDS / 60);
  const t = await getTranslations("overview");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
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
        <Card title={t("signedIn.title")}>
          <Facts
            facts={[
              [t("signedIn.client"), <code key="c">{session.clientId}</code>],
              [t("signedIn.role"), session.isMaster ? t("signedIn.master") : t("signedIn.subUser")],
              [t("signedIn.environment"), t(`signedIn.environments.${session.environment}`)],
              [
                t("signedIn.sessionEnds"),
                t("signedIn.sessionEndsAt", {
                  latest: formats.dateTime(session.expiresAt),
                  minutes: idleMinutes,
                }),
              ],
            ]}
          />
        </Card>
        <ServiceStatusPanel api={api} />
      </div>
    </>
  );
}
