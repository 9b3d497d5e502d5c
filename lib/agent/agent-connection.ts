import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { and, eq, gt, lt } from "drizzle-orm";
import { z } from "zod";
import { agentToolResult, type AgentToolResult } from "@/lib/api/contract/agent-tools";
import { decryptSecret, deriveKey, encryptSecret } from "@/lib/auth/secret-box";
import { consoleConfig } from "@/lib/config/console-env";
import { getStore } from "@/lib/store/db";
import { agentAuthorizations, agentConnections, agentRegistrations } from "@/lib/store/schema";

/**
 * The console as an MCP client of the service's agent endpoint: it registers itself as a public
 * OAuth client, sends the user to the service's consent page with PKCE, keeps the tokens
 * encrypted at rest (like API keys), renews them, and calls tools for the playground. Tokens
 * never reach the browser.
 *
 * A connection belongs to the organization whose session made it (so to one Client and
 * environment): the people of another organization, the same Client's sandbox organization beside
 * its production one say, never use it. A consent approved by another account than the
 * organization's is refused, and its tokens revoked.
 */
const FLOW_MINUTES = 10;
const SCOPES = "mcp:connect mcp:read mcp:spend";

const base = () => consoleConfig().SERVICE_URL.replace(/\/$/, "");
const redirectUri = () => `${consoleConfig().CONSOLE_PUBLIC_URL.replace(/\/$/, "")}/agent/callback`;
const key = () => deriveKey(consoleConfig().SESSION_SECRET, "agent-token-at-rest");
const digest = (s: string) => createHash("sha256").update(s).digest("hex");

const tokenAnswer = z.object({
  access_token: z.string(),
  expires_in: z.number(),
  scope: z.string(),
  refresh_token: z.string().optional(),
  account_client_id: z.string(),
  account_environment: z.string(),
});

/** Whose connection: the session's organization, its Client and its environment. */
export interface AgentOwner {
  organizationId: string;
  clientId: string;
  environment: string;
}

/** The session's owner of a connection. */
export const ownerOf = (signed: {
  session: { organizationId: string; clientId: string; environment: string };
}): AgentOwner => ({
  organizationId: signed.session.organizationId,
  clientId: signed.session.clientId,
  environment: signed.session.environment,
});

/**
 * Why the console's connection could not be used: `reason` names its sentence for people
 * (`agent.errors.<reason>`); the English message is for the log.
 */
export class AgentConnectionError extends Error {
  constructor(
    readonly reason: "registrationRefused" | "notConnected" | "expired",
    message: string,
  ) {
    super(message);
  }
}

/** The console's registration for its redirect address, made once. */
async function oauthClientId(): Promise<string> {
  const db = await getStore();
  const uri = redirectUri();
  const [found] = await db
    .select()
    .from(agentRegistrations)
    .where(eq(agentRegistrations.redirectUri, uri));
  if (found) return found.oauthClientId;
  const res = await fetch(`${base()}/oauth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_name: "Operations console",
      redirect_uris: [uri],
      token_endpoint_auth_method: "none",
    }),
    signal: AbortSignal.timeout(5_000),
  });
  if (res.status !== 201)
    throw new AgentConnectionError(
      "registrationRefused",
      "The service refused the console's registration.",
    );
  const { client_id } = z.object({ client_id: z.string() }).parse(await res.json());
  await db
    .insert(agentRegistrations)
    .values({ redirectUri: uri, oauthClientId: client_id })
    .onConflictDoNothing();
  return client_id;
}

/** Where to send the browser: the service's consent page, for this session only. */
export async function startAgentAuthorization(session: {
  idHash: string;
  clientId: string;
  organizationId: string;
}) {
  const db = await getStore();
  const clientId = await oauthClientId();
  const state = randomBytes(24).toString("base64url");
  const verifier = randomBytes(32).toString("base64url");
  await db.delete(agentAuthorizations).where(lt(agentAuthorizations.expiresAt, new Date()));
  await db.insert(agentAuthorizations).values({
    stateHash: digest(state),
    sessionIdHash: session.idHash,
    organizationId: session.organizationId,
    clientId: session.clientId,
    oauthClientId: clientId,
    verifierCiphertext: encryptSecret(verifier, key()),
    expiresAt: new Date(Date.now() + FLOW_MINUTES * 60_000),
  });
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirectUri(),
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    scope: SCOPES,
    state,
  });
  return `${base()}/oauth/authorize?${query}`;
}

async function storeTokens(
  owner: AgentOwner,
  oauthClient: string,
  answer: z.infer<typeof tokenAnswer>,
) {
  const db = await getStore();
  const row = {
    clientId: owner.clientId,
    environment: owner.environment,
    oauthClientId: oauthClient,
    accessCiphertext: encryptSecret(answer.access_token, key()),
    refreshCiphertext: answer.refresh_token ? encryptSecret(answer.refresh_token, key()) : null,
    scope: answer.scope,
    expiresAt: new Date(Date.now() + answer.expires_in * 1000),
    updatedAt: new Date(),
  };
  await db
    .insert(agentConnections)
    .values({ organizationId: owner.organizationId, ...row })
    .onConflictDoUpdate({ target: agentConnections.organizationId, set: row });
}

/** Ends a grant at the service (RFC 7009); a failure leaves the tokens to expire. */
async function revokeAtService(oauthClientId: string, token: string) {
  await fetch(`${base()}/oauth/revoke`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: oauthClientId, token }),
    signal: AbortSignal.timeout(5_000),
  }).catch(() => undefined);
}

async function tokenRequest(body: Record<string, string>) {
  const res = await fetch(`${base()}/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body),
    signal: AbortSignal.timeout(5_000),
  });
  if (!res.ok) return undefined;
  return tokenAnswer.parse(await res.json());
}

/**
 * The consent page sent the browser back: the flow must be this session's, and unexpired, and
 * the account that approved it the session's own (Client and environment).
 */
export async function finishAgentAuthorization(
  session: { idHash: string },
  owner: AgentOwner,
  params: { state?: string; code?: string; error?: string },
): Promise<"connected" | "denied" | "invalid" | "other_account"> {
  const db = await getStore();
  if (!params.state) return "invalid";
  const [flow] = await db
    .delete(agentAuthorizations)
    .where(
      and(
        eq(agentAuthorizations.stateHash, digest(params.state)),
        eq(agentAuthorizations.sessionIdHash, session.idHash),
        eq(agentAuthorizations.organizationId, owner.organizationId),
        gt(agentAuthorizations.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!flow) return "invalid";
  if (params.error || !params.code) return "denied";
  const answer = await tokenRequest({
    grant_type: "authorization_code",
    client_id: flow.oauthClientId,
    code: params.code,
    redirect_uri: redirectUri(),
    code_verifier: decryptSecret(flow.verifierCiphertext, key()),
  });
  if (!answer) return "invalid";
  if (
    answer.account_client_id !== owner.clientId ||
    answer.account_environment !== owner.environment
  ) {
    await revokeAtService(flow.oauthClientId, answer.refresh_token ?? answer.access_token);
    return "other_account";
  }
  await storeTokens(owner, flow.oauthClientId, answer);
  return "connected";
}

export async function agentConnection(owner: AgentOwner) {
  const db = await getStore();
  const [row] = await db
    .select()
    .from(agentConnections)
    .where(eq(agentConnections.organizationId, owner.organizationId));
  return row ? { scope: row.scope, updatedAt: row.updatedAt } : undefined;
}

/** Forgets the connection and ends its grant at the service. */
export async function disconnectAgent(owner: AgentOwner) {
  const db = await getStore();
  const [row] = await db
    .delete(agentConnections)
    .where(eq(agentConnections.organizationId, owner.organizationId))
    .returning();
  if (row)
    await revokeAtService(
      row.oauthClientId,
      decryptSecret(row.refreshCiphertext ?? row.accessCiphertext, key()),
    );
}

/** A live access token: renewed with the refresh token when it is about to end. */
async function accessToken(owner: AgentOwner): Promise<string> {
  const db = await getStore();
  const [row] = await db
    .select()
    .from(agentConnections)
    .where(eq(agentConnections.organizationId, owner.organizationId));
  if (!row)
    throw new AgentConnectionError(
      "notConnected",
      "The console is not connected to the agent endpoint.",
    );
  if (row.expiresAt.getTime() - Date.now() > 30_000)
    return decryptSecret(row.accessCiphertext, key());
  const refreshed = row.refreshCiphertext
    ? await tokenRequest({
        grant_type: "refresh_token",
        client_id: row.oauthClientId,
        refresh_token: decryptSecret(row.refreshCiphertext, key()),
      })
    : undefined;
  if (!refreshed) {
    await disconnectAgent(owner);
    throw new AgentConnectionError("expired", "The connection expired; connect the console again.");
  }
  await storeTokens(owner, row.oauthClientId, refreshed);
  return refreshed.access_token;
}

export type PlaygroundOutcome =
  | { kind: "result"; isError: boolean; result: AgentToolResult }
  | { kind: "protocol-error"; code: number; message: string };

/** Calls one tool as the Client's agent would, over the real endpoint. */
export async function callAgentTool(
  owner: AgentOwner,
  name: string,
  args: Record<string, unknown>,
): Promise<PlaygroundOutcome> {
  const token = await accessToken(owner);
  const client = new Client({ name: "operations-console", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  try {
    const answer = await client.callTool({ name, arguments: args });
    return {
      kind: "result",
      isError: answer.isError === true,
      result: agentToolResult.parse(answer.structuredContent),
    };
  } catch (error) {
    if (error instanceof McpError)
      return { kind: "protocol-error", code: error.code, message: error.message };
    throw error;
  } finally {
    await client.close();
  }
}
