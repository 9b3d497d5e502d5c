import type { Metadata } from "next";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import { type SearchPageProps } from "@/lib/list-params";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/table";
import { AGENT_SCOPES, agentToolListing } from "@/lib/api/contract/agent-tools";
import { requirePageSession } from "@/lib/auth/guards";
import { dutyRefusal } from "@/lib/auth/rights";
import { consoleConfig } from "@/lib/config/console-env";
import { agentConnection, ownerOf } from "@/lib/agent/agent-connection";
import { demoServiceSignInFor } from "@/lib/demo/console-demo-accounts";
import {
  AgentPlayground,
  ConnectAgentButton,
  RevealDemoSignIn,
  type ToolChoice,
} from "./_components/agent-playground";

export const metadata: Metadata = { title: "Agent access" };

const SCOPE_TEXT: Record<string, string> = {
  [AGENT_SCOPES.connect]: "connect and list the tools",
  [AGENT_SCOPES.read]: "call the free tools (account reads, job status)",
  [AGENT_SCOPES.spend]: "call the paid tools, billed like the REST operations",
};

/**
 * The agent endpoint (MCP, private preview) as an account holder needs it: whether the account
 * may use it, how to point an MCP host at it, and the tools it would see.
 */
const CONNECTION_NOTICE: Record<string, { tone: "success" | "danger" | "warning"; text: string }> =
  {
    connected: { tone: "success", text: "The console is connected to the agent endpoint." },
    denied: {
      tone: "warning",
      text: "The consent page was left without approval; nothing changed.",
    },
    invalid: {
      tone: "danger",
      text: "The answer from the consent page was not for this browser session, or it expired. Connect again.",
    },
    role_forbidden: {
      tone: "danger",
      text: "Your role does not allow you to connect the agent endpoint: nothing was connected.",
    },
    other_account: {
      tone: "danger",
      text: "The consent was approved by another account than the one this session is signed in with (another Client, or the same Client in another environment). The console refused it and ended what it granted. Sign in on the consent page as this session's account.",
    },
  };

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
  const notice =
    typeof search.connection === "string" && Object.hasOwn(CONNECTION_NOTICE, search.connection)
      ? CONNECTION_NOTICE[search.connection]
      : undefined;
  const enabled = state.state === "unknown" || state.agentAccess;
  const demoSignIn = demoServiceSignInFor(session) !== undefined;
  // The demo account's password is an administrator's to see; other roles are told who can.
  const demoSignInRefusal = dutyRefusal(session, "readDemoSecrets");
  const tools = agentToolListing();
  const choices: ToolChoice[] = tools.map((t) => ({
    name: t.name,
    costClass: t._meta.costClass,
    required: t.inputSchema.required ?? [],
  }));
  const endpoint = `${consoleConfig().SERVICE_URL.replace(/\/$/, "")}/mcp`;
  return (
    <>
      <PageHeader
        title="Agent access"
        description="A Model Context Protocol endpoint that lets an AI agent call this service's approved operations as tools, with your account's rights, limits and prices."
      />
      <div className="space-y-6">
        <Card title="Your account">
          {state.state === "unknown" ? (
            <p className="text-sm text-slate-600">
              The service does not say whether your account is enabled. The endpoint is a private
              preview: it answers only enabled accounts.
            </p>
          ) : state.agentAccess ? (
            <p className="flex items-center gap-2 text-sm" data-testid="agent-access-state">
              <Badge tone="green">Enabled</Badge> Your account may connect MCP hosts to the
              endpoint.
            </p>
          ) : (
            <Alert tone="info" title="Not enabled for your account">
              The agent endpoint is a private preview, used only by accounts the provider has
              enabled. Nothing here is broken; ask your provider to take part.
            </Alert>
          )}
        </Card>
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        {enabled ? (
          <Card title="The console as an MCP client">
            {connection ? (
              <div className="space-y-3">
                <p className="text-sm text-slate-700" data-testid="agent-connection">
                  Connected with the scopes <code>{connection.scope}</code>. Its tokens stay on the
                  console&apos;s server, encrypted. Call a tool as an agent would:
                </p>
                <AgentPlayground tools={choices} />
              </div>
            ) : (
              <div className="space-y-3 text-sm">
                <p>
                  Connect the console like any MCP host: you approve on the service&apos;s consent
                  page, then call tools here and see their data, billing, provenance and errors.
                </p>
                <ConnectAgentButton />
                {demoSignIn ? (
                  <div className="space-y-2 border-t border-slate-200 pt-3">
                    <p className="text-slate-700">
                      This is a demo account of the embedded reference service: its service sign-in,
                      which the consent page asks for, is also in the launcher&apos;s output.
                    </p>
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
        <Card title="Connecting an MCP host">
          <div className="space-y-3 text-sm">
            <p>
              Endpoint:{" "}
              <code className="break-all" data-testid="agent-endpoint">
                {endpoint}
              </code>{" "}
              (Streamable HTTP). Nothing else needs to be set: the host discovers the rest.
            </p>
            <ol className="list-decimal space-y-1 pl-5">
              <li>
                The endpoint answers the host&apos;s first call with a challenge that names its
                authorisation server.
              </li>
              <li>The host registers itself there and opens the service&apos;s consent page.</li>
              <li>
                You sign in there with your account&apos;s service sign-in and approve the scopes it
                asks for.
              </li>
              <li>
                The host receives tokens that last 15 minutes and renews them itself. API keys are
                never used by the endpoint.
              </li>
            </ol>
            <ul className="space-y-1">
              {Object.values(AGENT_SCOPES).map((scope) => (
                <li key={scope}>
                  <code>{scope}</code>: {SCOPE_TEXT[scope]}
                </li>
              ))}
            </ul>
            <p className="text-slate-600">
              Paid tools need a stable <code>idempotencyKey</code>: the same key repeats a call
              without a second charge. Model tokens are never metered; a tool costs what its REST
              operation costs.
            </p>
          </div>
        </Card>
        <Card title="Tools">
          <DataTable
            caption="Tools of the agent endpoint"
            columns={["Tool", "What it does", "Scopes", "Cost", "Input"]}
            rows={tools}
            keyOf={(t) => t.name}
            rowTestId="agent-tool"
            cells={(t) => [
              <code key="n">{t.name}</code>,
              t.description,
              t._meta.scopes.join(" "),
              <Badge key="c" tone={t._meta.costClass === "free" ? "neutral" : "amber"}>
                {t._meta.costClass === "free" ? "Free" : "Paid"}
              </Badge>,
              <details key="s">
                <summary className="cursor-pointer">Schema</summary>
                <pre className="max-w-md overflow-x-auto text-xs">
                  {JSON.stringify(t.inputSchema, null, 2)}
                </pre>
              </details>,
            ]}
            empty="No tools."
          />
        </Card>
      </div>
    </>
  );
}
