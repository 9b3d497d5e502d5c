import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import { type SearchPageProps } from "@/lib/list-params";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/table";
import { AGENT_SCOPES, agentToolListing } from "@/lib/api/contract/agent-tools";
import { requirePageSession } from "@/lib/auth/guards";
import { dutyRefusalIn } from "@/lib/auth/refusal-words";
import { consoleConfig } from "@/lib/config/console-env";
import { agentConnection, ownerOf } from "@/lib/agent/agent-connection";
import { demoServiceSignInFor } from "@/lib/demo/console-demo-accounts";
import {
  AgentPlayground,
  ConnectAgentButton,
  RevealDemoSignIn,
  type ToolChoice,
} from "./_components/agent-playground";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("agent"))("title") };
}

/**
 * The agent endpoint (MCP, private preview) as an account holder needs it: whether the account
 * may use it, how to point an MCP host at it, and the tools it would see.
 */
const CONNECTION_NOTICE = {
  connected: "success",
  denied: "warning",
  invalid: "danger",
  role_forbidden: "danger",
  other_account: "danger",
} as const satisfies Record<string, "success" | "danger" | "warning">;
type ConnectionNotice = keyof typeof CONNECTION_NOTICE;

export default async function AgentAccessPage({ searchParams }: SearchPageProps) {
  const signed = await requirePageSession();
  const notOffered = notOfferedAt(signed.session, "/agent");
  if (notOffered) return notOffered;
  const { pilotState, session } = signed;
  const [state, connection, search] = await Promise.all([
    pilotState(),
    agentConnection(ownerOf(signed)),
    searchParams,
  ]);
  const t = await getTranslations("agent");
  const noticeKey =
    typeof search.connection === "string" && Object.hasOwn(CONNECTION_NOTICE, search.connection)
      ? (search.connection as ConnectionNotice)
      : undefined;
  const notice = noticeKey
    ? { tone: CONNECTION_NOTICE[noticeKey], text: t(`notices.${noticeKey}`) }
    : undefined;
  const enabled = state.state === "unknown" || state.agentAccess;
  const demoSignIn = demoServiceSignInFor(session) !== undefined;
  // The demo account's password is an administrator's to see; other roles are told who can.
  const demoSignInRefusal = await dutyRefusalIn(session, "readDemoSecrets");
  const tools = agentToolListing();
  const choices: ToolChoice[] = tools.map((tool) => ({
    name: tool.name,
    costClass: tool._meta.costClass,
    required: tool.inputSchema.required ?? [],
  }));
  const endpoint = `${consoleConfig().SERVICE_URL.replace(/\/$/, "")}/mcp`;
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <Card title={t("account.title")}>
          {state.state === "unknown" ? (
            <p className="text-sm text-slate-600">{t("account.unknown")}</p>
          ) : state.agentAccess ? (
            <p className="flex items-center gap-2 text-sm" data-testid="agent-access-state">
              <Badge tone="green">{t("account.enabled")}</Badge> {t("account.enabledText")}
            </p>
          ) : (
            <Alert tone="info" title={t("account.notEnabledTitle")}>
              {t("account.notEnabledBody")}
            </Alert>
          )}
        </Card>
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        {enabled ? (
          <Card title={t("client.title")}>
            {connection ? (
              <div className="space-y-3">
                <p className="text-sm text-slate-700" data-testid="agent-connection">
                  {t.rich("client.connected", {
                    scope: connection.scope,
                    code: (chunks) => <code>{chunks}</code>,
                  })}
                </p>
                <AgentPlayground tools={choices} />
              </div>
            ) : (
              <div className="space-y-3 text-sm">
                <p>{t("client.connectIntro")}</p>
                <ConnectAgentButton />
                {demoSignIn ? (
                  <div className="space-y-2 border-t border-slate-200 pt-3">
                    <p className="text-slate-700">{t("client.demo")}</p>
                    {demoSignInRefusal ? (
                      <p className="text-slate-600" data-testid="demo-sign-in-refused">
                        {demoSignInRefusal}
                      </p>
                    ) : (
                      <RevealDemoSignIn />
                    )}
                  </div>
                ) : null}
              </div>
            )}
          </Card>
        ) : null}
        <Card title={t("host.title")}>
          <div className="space-y-3 text-sm">
            <p>
              {t.rich("host.endpoint", {
                endpoint,
                code: (chunks) => (
                  <code className="break-all" data-testid="agent-endpoint">
                    {chunks}
                  </code>
                ),
              })}
            </p>
            <ol className="list-decimal space-y-1 pl-5">
              <li>{t("host.step1")}</li>
              <li>{t("host.step2")}</li>
              <li>{t("host.step3")}</li>
              <li>{t("host.step4")}</li>
            </ol>
            <ul className="space-y-1">
              {(Object.keys(AGENT_SCOPES) as (keyof typeof AGENT_SCOPES)[]).map((name) => (
                <li key={name}>
                  {t.rich("host.scope", {
                    scope: AGENT_SCOPES[name],
                    text: t(`scopes.${name}`),
                    code: (chunks) => <code>{chunks}</code>,
                  })}
                </li>
              ))}
            </ul>
            <p className="text-slate-600">
              {t.rich("host.idempotency", { code: (chunks) => <code>{chunks}</code> })}
            </p>
          </div>
        </Card>
        <Card title={t("tools.title")}>
          <DataTable
            caption={t("tools.caption")}
            columns={[
              t("tools.columns.tool"),
              t("tools.columns.does"),
              t("tools.columns.scopes"),
              t("tools.columns.cost"),
              t("tools.columns.input"),
            ]}
            rows={tools}
            keyOf={(tool) => tool.name}
            rowTestId="agent-tool"
            cells={(tool) => [
              <code key="n">{tool.name}</code>,
              tool.description,
              tool._meta.scopes.join(" "),
              <Badge key="c" tone={tool._meta.costClass === "free" ? "neutral" : "amber"}>
                {tool._meta.costClass === "free" ? t("tools.free") : t("tools.paid")}
              </Badge>,
              <details key="s">
                <summary className="cursor-pointer">{t("tools.schema")}</summary>
                <pre className="max-w-md overflow-x-auto text-xs">
                  {JSON.stringify(tool.inputSchema, null, 2)}
                </pre>
              </details>,
            ]}
            empty={t("tools.empty")}
          />
        </Card>
      </div>
    </>
  );
}
