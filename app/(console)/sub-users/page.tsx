import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { MasterOnly } from "../_components/master-only";
import { mayCall } from "@/lib/auth/rights";
import { SubUsersSection } from "./_components/sub-users-section";
import { type SubUserRow } from "./_lib/sub-users.utils";

export const metadata: Metadata = { title: "Sub-users" };

export default async function SubUsersPage() {
  const { session, api } = await requirePageSession();
  if (!mayCall(session, "listClientUsers")) return <MasterOnly />;
  const { data } = await api.listClientUsers();
  // Only what the list shows crosses to the browser: a compact row per Sub-user.
  const rows: SubUserRow[] = data.clientUsers.map((u) => ({
    id: u.id,
    name: u.name ?? null,
    isActive: u.isActive ?? null,
    createdAt: u.createdAt ?? null,
    keyCount: u.apiKeys?.length ?? null,
  }));
  return (
    <>
      <PageHeader
        title="Sub-users"
        description="Sub-users have their own keys, credit, plans and limits, and no administrative rights. Deactivating one stops all its keys."
      />
      <SubUsersSection rows={rows} />
    </>
  );
}
