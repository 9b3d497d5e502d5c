import type { Metadata } from "next";
import { NotOffered } from "@/app/(console)/_components/not-offered";
import { Link } from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { ButtonLink } from "@/components/ui/button";
import { DataTable } from "@/components/ui/table";
import { requirePageSession } from "@/lib/auth/guards";
import { formatDateTime } from "@/lib/format";
import { listWorkspaceAttempts } from "@/app/(console)/workspaces/_lib/workspace-registry";
import { mayCall } from "@/lib/auth/rights";

export const metadata: Metadata = { title: "Partner workspaces" };

const OUTCOME = { created: "green", unknown: "amber", failed: "red" } as const;

export default async function WorkspacesPage() {
  const { session } = await requirePageSession();
  if (!mayCall(session, "createPartnerWorkspace"))
    return <NotOffered session={session} operation="createPartnerWorkspace" />;
  const attempts = await listWorkspaceAttempts(session.clientId);
  return (
    <>
      <PageHeader
        title="Partner workspaces"
        description="Every provisioning attempt made through this console. The service cannot look a workspace up by external reference, so this registry is the record."
        actions={<ButtonLink href="/workspaces/new">Provision a workspace</ButtonLink>}
      />
      <Card>
        <DataTable
          caption="Partner workspace provisioning attempts, newest first"
          columns={[
            "Time",
            "Name",
            "External reference",
            "Workspace",
            "Client",
            "Grant",
            "Outcome",
          ]}
          rows={attempts}
          keyOf={(a) => String(a.id)}
          rowTestId="workspace-row"
          empty="No workspace was provisioned through this console yet."
          cells={(a) => [
            formatDateTime(a.createdAt),
            a.name,
            a.externalReference,
            a.workspaceId ? <code key="ws">{a.workspaceId}</code> : "—",
            a.workspaceClientId ? (
              <Link
                key="client"
                className="text-brand-700 underline"
                href={`/sub-users/${encodeURIComponent(a.workspaceClientId)}`}
              >
                {a.workspaceClientId}
              </Link>
            ) : (
              "—"
            ),
            a.grantReference ?? "—",
            <span key="outcome">
              <Badge tone={OUTCOME[a.outcome as keyof typeof OUTCOME] ?? "neutral"}>
                {a.outcome}
              </Badge>
              {a.errorCode ? <code className="ml-2 text-xs">{a.errorCode}</code> : null}
            </span>,
          ]}
        />
      </Card>
    </>
  );
}
