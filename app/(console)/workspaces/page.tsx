import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { TableHead } from "@/components/ui/table";
import { requirePageSession } from "@/lib/auth/guards";
import { formatDateTime } from "@/lib/format";
import { listWorkspaceAttempts } from "@/app/(console)/workspaces/_lib/workspace-registry";
import { MasterOnly } from "../_components/master-only";
import { mayCall } from "@/lib/auth/rights";

export const metadata: Metadata = { title: "Partner workspaces" };

const OUTCOME = { created: "green", unknown: "amber", failed: "red" } as const;

export default async function WorkspacesPage() {
  const { session } = await requirePageSession();
  if (!mayCall(session, "createPartnerWorkspace")) return <MasterOnly />;
  const attempts = await listWorkspaceAttempts(session.clientId);
  return (
    <>
      <PageHeader
        title="Partner workspaces"
        description="Every provisioning attempt made through this console. The service cannot look a workspace up by external reference, so this registry is the record."
        actions={
          <Link
            href="/workspaces/new"
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Provision a workspace
          </Link>
        }
      />
      <Card>
        {attempts.length === 0 ? (
          <p className="text-sm text-slate-600">
            No workspace was provisioned through this console yet.
          </p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Partner workspace provisioning attempts, newest first
            </caption>
            <TableHead
              columns={[
                "Time",
                "Name",
                "External reference",
                "Workspace",
                "Client",
                "Grant",
                "Outcome",
              ]}
            />
            <tbody>
              {attempts.map((a) => (
                <tr key={a.id} className="border-t border-slate-100" data-testid="workspace-row">
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(a.createdAt)}</td>
                  <td className="py-2 pr-4">{a.name}</td>
                  <td className="py-2 pr-4">{a.externalReference}</td>
                  <td className="py-2 pr-4">
                    {a.workspaceId ? <code>{a.workspaceId}</code> : "—"}
                  </td>
                  <td className="py-2 pr-4">
                    {a.workspaceClientId ? (
                      <Link
                        className="text-brand-700 underline"
                        href={`/sub-users/${encodeURIComponent(a.workspaceClientId)}`}
                      >
                        {a.workspaceClientId}
                      </Link>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="py-2 pr-4">{a.grantReference ?? "—"}</td>
                  <td className="py-2">
                    <Badge tone={OUTCOME[a.outcome as keyof typeof OUTCOME] ?? "neutral"}>
                      {a.outcome}
                    </Badge>
                    {a.errorCode ? <code className="ml-2 text-xs">{a.errorCode}</code> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </>
  );
}
