import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { UsagePanel } from "@/app/(console)/usage/_components/usage-panel";
import { requirePageSession } from "@/lib/auth/guards";
import { formatDateTime } from "@/lib/format";
import { MasterOnly } from "../../_components/master-only";
import { mayCall } from "@/lib/auth/rights";
import { findSubUser } from "@/app/(console)/sub-users/_lib/find-sub-user";
import { IssueKey } from "./_components/issue-key";
import { RenameForm } from "./_components/rename-form";
import { StatusControl } from "./_components/status-control";

export const metadata: Metadata = { title: "Sub-user" };

export default async function SubUserPage({ params }: { params: Promise<{ clientId: string }> }) {
  const { session, api } = await requirePageSession();
  if (!mayCall(session, "listClientUsers")) return <MasterOnly />;
  const { clientId } = await params;
  const user = await findSubUser(api, clientId);
  const [usage, grants] = await Promise.all([
    api.getClientUserUsage({ params: { clientId } }),
    api.listSponsorshipGrants(),
  ]);
  const benefits = grants.data.sponsorshipGrants
    .filter((g) => g.beneficiaryClientId === clientId && g.active)
    .map((g) => g.reference);
  const name = user.name ?? clientId;
  const keys = user.apiKeys ?? [];
  const isActive = user.isActive ?? true;
  return (
    <>
      <PageHeader
        trail={[{ href: "/sub-users", label: "Sub-users" }, name]}
        title={name}
        description={
          <>
            <code>{clientId}</code> · created {formatDateTime(user.createdAt)} ·{" "}
            {user.isActive === undefined ? (
              <Badge>status unknown</Badge>
            ) : isActive ? (
              <Badge tone="green">active</Badge>
            ) : (
              <Badge tone="red">deactivated</Badge>
            )}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Name">
          <RenameForm clientId={clientId} name={user.name ?? ""} />
        </Card>
        <Card title="Status">
          <StatusControl
            clientId={clientId}
            name={name}
            isActive={isActive}
            keys={keys.map((k) => ({ id: k.id, label: k.label }))}
            grants={benefits}
          />
        </Card>
        <Card title="API keys">
          {keys.length ? (
            <ul className="mb-4 space-y-1 text-sm" aria-label="Existing keys">
              {keys.map((k) => (
                <li key={k.id}>
                  <code>{k.id}</code> {k.label ? `· ${k.label}` : ""}{" "}
                  {k.environment ? `· ${k.environment}` : ""} · created{" "}
                  {formatDateTime(k.createdAt)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mb-4 text-sm text-slate-600">
              The service reports no key metadata for this Sub-user.
            </p>
          )}
          <IssueKey clientId={clientId} owner={name} disabled={!isActive} />
        </Card>
        <Card title="Rate limits">
          <p className="text-sm text-slate-600">
            {user.rateLimits === undefined
              ? "The service does not report the current limits."
              : user.rateLimits.length === 0
                ? "No overrides: the service defaults apply."
                : `${user.rateLimits.length} override${user.rateLimits.length === 1 ? "" : "s"}.`}
          </p>
          <Link
            href={`/sub-users/${encodeURIComponent(clientId)}/rate-limits`}
            className="mt-3 inline-block text-brand-700 underline"
          >
            Edit rate limits
          </Link>
        </Card>
      </div>
      <Card title="Usage this period" className="mt-6">
        <UsagePanel usage={usage.data} />
      </Card>
    </>
  );
}
