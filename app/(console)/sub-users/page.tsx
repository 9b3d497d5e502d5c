import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { MasterOnly } from "../_components/master-only";
import { mayCall } from "@/lib/auth/rights";
import { SubUsersSection } from "./_components/sub-users-section";
import { subUsersListParams, type SubUserRow } from "./_lib/sub-users.utils";
import { readListParams } from "@/lib/list-params";
import { latestReadings } from "@/lib/usage/usage-readings";
import { worstPlanState } from "@/lib/usage/plan-state";

export const metadata: Metadata = { title: "Sub-users" };

export default async function SubUsersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { session, api } = await requirePageSession();
  if (!mayCall(session, "listClientUsers")) return <MasterOnly />;
  const params = readListParams(subUsersListParams, await searchParams);
  const { data } = await api.listClientUsers();
  const readings = await latestReadings(data.clientUsers.map((u) => u.id));
  // Only what the list shows crosses to the browser: a compact row per Sub-user.
  const rows: SubUserRow[] = data.clientUsers.map((u) => {
    const reading = readings.get(u.id);
    return {
      id: u.id,
      name: u.name ?? null,
      isActive: u.isActive ?? null,
      createdAt: u.createdAt ?? null,
      keyCount: u.apiKeys?.length ?? null,
      usage: reading
        ? {
            flag: worstPlanState(reading.plans.map((p) => p.state)),
            readAt: reading.takenAt.toISOString(),
          }
        : null,
    };
  });
  return (
    <>
      <PageHeader
        title="Sub-users"
        description="Sub-users have their own keys, credit, plans and limits, and no administrative rights. Deactivating one stops all its keys."
      />
      <SubUsersSection rows={rows} initial={params} />
    </>
  );
}
