import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotOffered } from "@/app/(console)/_components/not-offered";
import { Link } from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { ButtonLink } from "@/components/ui/button";
import { DataTable } from "@/components/ui/table";
import { requirePageSession } from "@/lib/auth/guards";
import { listWorkspaceAttempts } from "@/app/(console)/workspaces/_lib/workspace-registry";
import { mayCall } from "@/lib/auth/rights";
import { getFormats } from "@/lib/i18n/formats-server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("workspaces"))("title") };
}

const OUTCOME = { created: "green", unknown: "amber", failed: "red" } as const;

export default async function WorkspacesPage() {
  const formats = await getFormats();
  const { session } = await requirePageSession();
  if (!mayCall(session, "createPartnerWorkspace"))
    return <NotOffered session={session} operation="createPartnerWorkspace" />;
  const attempts = await listWorkspaceAttempts(session.clientId);
  const t = await getTranslations("workspaces");
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={<ButtonLink href="/workspaces/new">{t("provision")}</ButtonLink>}
      />
      <Card>
        <DataTable
          caption={t("caption")}
          columns={[
            t("columns.time"),
            t("columns.name"),
            t("columns.externalReference"),
            t("columns.workspace"),
            t("columns.client"),
            t("columns.grant"),
            t("columns.outcome"),
          ]}
          rows={attempts}
          keyOf={(a) => String(a.id)}
          rowTestId="workspace-row"
          empty={t("empty")}
          cells={(a) => [
            formats.dateTime(a.createdAt),
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
                {a.outcome in OUTCOME
                  ? t(`outcomes.${a.outcome as keyof typeof OUTCOME}`)
                  : a.outcome}
              </Badge>
              {a.errorCode ? <code className="ml-2 text-xs">{a.errorCode}</code> : null}
            </span>,
          ]}
        />
      </Card>
    </>
  );
}
