import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotOffered } from "@/app/(console)/_components/not-offered";
import { type RoutePageProps } from "@/lib/list-params";
import { Link } from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { CopyableId } from "@/components/ui/copyable-id";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { DataTable } from "@/components/ui/table";
import { UsageCards } from "@/app/(console)/usage/_components/usage-cards";
import { recordUsageReading } from "@/lib/usage/usage-readings";
import { mayCall } from "@/lib/auth/rights";
import { roleRefusalIn } from "@/lib/auth/refusal-words";
import { RefusedAction } from "@/components/ui/refused-action";
import { findSubUser } from "@/app/(console)/sub-users/_lib/find-sub-user";
import { defaultLimitSentence } from "@/app/(console)/sub-users/_lib/default-limit";
import { IssueKey } from "./_components/issue-key";
import { RenameForm } from "./_components/rename-form";
import { StatusControl } from "./_components/status-control";
import { getFormats } from "@/lib/i18n/formats-server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("subUsers.detail"))("title") };
}

export default async function SubUserPage({
  params,
  searchParams,
}: RoutePageProps<{ clientId: string }>) {
  const formats = await getFormats();
  const { session, api } = await requirePageSession();
  if (!mayCall(session, "listClientUsers"))
    return <NotOffered session={session} operation="listClientUsers" />;
  const { clientId } = await params;
  const user = await findSubUser(api, session.clientId, clientId);
  const [usage, grants] = await Promise.all([
    api.getClientUserUsage({ params: { clientId } }),
    api.listSponsorshipGrants(),
  ]);
  await recordUsageReading(usage.data, "page");
  const benefits = grants.data.sponsorshipGrants
    .filter((g) => g.beneficiaryClientId === clientId && g.active)
    .map((g) => g.reference);
  const name = user.name ?? clientId;
  const keys = user.apiKeys ?? [];
  const isActive = user.isActive ?? true;
  // What the person's role may not change is shown disabled, with the roles that could.
  const updateRefusal = await roleRefusalIn(session, "updateClientUser");
  const keyRefusal = await roleRefusalIn(session, "createClientUserApiKey");
  const limitsRefusal = await roleRefusalIn(session, "replaceClientUserRateLimits");
  const t = await getTranslations("subUsers.detail");
  const ts = await getTranslations("subUsers.status");
  const tn = await getTranslations("subUsers");
  return (
    <>
      <PageHeader
        trail={[{ href: "/sub-users", label: tn("title") }, name]}
        title={name}
        description={
          <>
            <CopyableId id={clientId} kind={t("clientId")} /> ·{" "}
            {t("created", { time: formats.dateTime(user.createdAt) })} ·{" "}
            {user.isActive === undefined ? (
              <Badge>{ts("statusUnknown")}</Badge>
            ) : isActive ? (
              <Badge tone="green">{ts("active")}</Badge>
            ) : (
              <Badge tone="red">{ts("deactivated")}</Badge>
            )}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t("name")}>
          {updateRefusal ? (
            <RefusedAction label={t("rename")} refusal={updateRefusal} />
          ) : (
            <RenameForm clientId={clientId} name={user.name ?? ""} />
          )}
        </Card>
        <Card title={t("status")}>
          {updateRefusal ? (
            <RefusedAction
              label={isActive ? t("deactivate") : t("reactivate")}
              variant={isActive ? "danger" : "primary"}
              refusal={updateRefusal}
            />
          ) : (
            <StatusControl
              clientId={clientId}
              name={name}
              isActive={isActive}
              keys={keys.map((k) => ({ id: k.id, label: k.label }))}
              grants={benefits}
            />
          )}
        </Card>
        <Card title={t("apiKeys")}>
          {keys.length ? (
            <ul className="mb-4 space-y-1 text-sm" aria-label={t("existingKeys")}>
              {keys.map((k) => (
                <li key={k.id}>
                  <code>{k.id}</code> {k.label ? `· ${k.label}` : ""}{" "}
                  {k.environment ? `· ${k.environment}` : ""} ·{" "}
                  {t("keyCreated", { time: formats.dateTime(k.createdAt) })}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mb-4 text-sm text-slate-600">{t("noKeyMetadata")}</p>
          )}
          {keyRefusal ? (
            <RefusedAction label={t("issueKey")} refusal={keyRefusal} />
          ) : (
            <IssueKey clientId={clientId} owner={name} disabled={!isActive} />
          )}
        </Card>
        <Card title={t("rateLimits")}>
          {user.rateLimits === undefined ? (
            <p className="text-sm text-slate-600">{t("limitsUnknown")}</p>
          ) : user.rateLimits.length === 0 ? (
            <p className="text-sm text-slate-600">{t("noOverrides")}</p>
          ) : (
            <DataTable
              caption={t("overridesCaption")}
              columns={[t("columns.endpointKey"), t("columns.limit"), t("columns.key")]}
              rows={user.rateLimits}
              keyOf={(r) =>
                `${r.endpointKey}/${r.windowSeconds}/${r.maxRequests}/${r.apiKeyId ?? ""}/${r.id ?? ""}`
              }
              rowTestId="rate-limit-override"
              empty=""
              cells={(r) => [
                <code key="key">{r.endpointKey === "*" ? t("allEndpoints") : r.endpointKey}</code>,
                t("perWindow", {
                  max: formats.count(r.maxRequests),
                  window: formats.count(r.windowSeconds),
                }),
                r.apiKeyId ? <code key="api-key">{r.apiKeyId}</code> : t("allKeys"),
              ]}
            />
          )}
          <p className="mt-2 text-sm text-slate-600" data-testid="default-limit">
            {await defaultLimitSentence()}
          </p>
          {limitsRefusal ? (
            <div className="mt-3">
              <RefusedAction
                label={t("editRateLimits")}
                variant="secondary"
                refusal={limitsRefusal}
              />
            </div>
          ) : (
            <Link
              href={`/sub-users/${encodeURIComponent(clientId)}/rate-limits`}
              className="mt-3 inline-block text-brand-700 underline"
            >
              {t("editRateLimits")}
            </Link>
          )}
        </Card>
      </div>
      <UsageCards
        usage={usage.data}
        clientId={clientId}
        path={`/sub-users/${encodeURIComponent(clientId)}`}
        searchParams={await searchParams}
        titles={[t("usageTitle"), t("historyTitle")]}
      />
    </>
  );
}
