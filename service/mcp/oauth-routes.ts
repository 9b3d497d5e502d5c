import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { type Context } from "hono";
import { z } from "zod";
import { ALL_AGENT_SCOPES, AGENT_SCOPES } from "@/lib/api/contract/agent-tools";
import { type ServiceApp, type ServiceBindings, type ServiceContext } from "../context";
import { schema } from "../db/database";
import { checkSignIn } from "../domain/intelligence/pilot-sessions";
import { escapeHtml, page } from "../routes/html-page";
import {
  clientAuthenticates,
  digest,
  findOAuthClient,
  findToken,
  issueTokens,
  registerOAuthClient,
  revokeToken,
} from "./oauth-store";

/**
 * The agent endpoint's own authorisation server, as MCP hosts discover it: protected-resource
 * metadata (RFC 9728) names it, its metadata (RFC 8414) lists the endpoints; dynamic client
 * registration (RFC 7591); the authorisation-code grant with PKCE (S256) through a consent page
 * where the account holder signs in; refresh tokens that rotate; client credentials for machines.
 */
const CODE_SECONDS = 120;
const MAX_BODY = 8192;

export const protectedResourcePath = "/.well-known/oauth-protected-resource/mcp";
const oauthError = (status: number, error: string, description: string) =>
  new Response(JSON.stringify({ error, error_description: description, message: description }), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });

/** Requested scopes, all known; empty asks for every scope. */
function grantedScopes(requested: string | undefined): string | null {
  const asked = (requested ?? "").split(/\s+/).filter(Boolean);
  if (asked.some((s) => !(ALL_AGENT_SCOPES as string[]).includes(s))) return null;
  const scopes = asked.length ? asked : ALL_AGENT_SCOPES;
  return [...new Set([AGENT_SCOPES.connect, ...scopes])].join(" ");
}

async function formOrJson(c: Context<ServiceBindings>): Promise<Record<string, string> | null> {
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_BODY) return null;
  const type = c.req.header("Content-Type") ?? "";
  if (type.startsWith("application/json")) {
    try {
      const parsed = z.record(z.string(), z.unknown()).parse(JSON.parse(text));
      return Object.fromEntries(
        Object.entries(parsed).map(([k, v]) => [
          k,
          Array.isArray(v) ? JSON.stringify(v) : String(v),
        ]),
      );
    } catch {
      return null;
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** Client authentication at the token endpoint: HTTP Basic or the body's fields. */
function clientCredentialsOf(c: Context<ServiceBindings>, body: Record<string, string>) {
  const basic = c.req.header("Authorization")?.match(/^Basic\s+(.+)$/i)?.[1];
  if (basic) {
    const [id, secret] = Buffer.from(basic, "base64").toString("utf8").split(":");
    return { clientId: decodeURIComponent(id ?? ""), secret: decodeURIComponent(secret ?? "") };
  }
  return { clientId: body.client_id ?? "", secret: body.client_secret };
}

const registration = z.object({
  redirect_uris: z.array(z.url()).max(10).default([]),
  client_name: z.string().max(200).optional(),
  grant_types: z
    .array(z.enum(["authorization_code", "refresh_token", "client_credentials"]))
    .default(["authorization_code", "refresh_token"]),
  token_endpoint_auth_method: z
    .enum(["none", "client_secret_basic", "client_secret_post"])
    .default("client_secret_basic"),
  scope: z.string().optional(),
});

export function mountOAuth(app: ServiceApp, service: ServiceContext) {
  const db = service.database.db;
  const base = () => service.config.publicUrl;

  const resourceMetadata = () => ({
    resource: `${base()}/mcp`,
    authorization_servers: [base()],
    scopes_supported: ALL_AGENT_SCOPES,
    bearer_methods_supported: ["header"],
    resource_name:
      "Vehicle, Parts and Market-Intelligence Service (agent endpoint, private preview)",
  });
  app.get(protectedResourcePath, () => json(resourceMetadata()));
  app.get("/.well-known/oauth-protected-resource", () => json(resourceMetadata()));
  app.get("/.well-known/oauth-authorization-server", () =>
    json({
      issuer: base(),
      authorization_endpoint: `${base()}/oauth/authorize`,
      token_endpoint: `${base()}/oauth/token`,
      registration_endpoint: `${base()}/oauth/register`,
      scopes_supported: ALL_AGENT_SCOPES,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    }),
  );

  app.post("/oauth/register", async (c) => {
    let raw: unknown;
    try {
      raw = JSON.parse(await c.req.text());
    } catch {
      return oauthError(400, "invalid_client_metadata", "Send the client metadata as JSON.");
    }
    const parsed = registration.safeParse(raw);
    if (!parsed.success)
      return oauthError(
        400,
        "invalid_client_metadata",
        parsed.error.issues[0]?.message ?? "Invalid metadata.",
      );
    const m = parsed.data;
    if (m.grant_types.includes("client_credentials"))
      return oauthError(
        400,
        "invalid_client_metadata",
        "Machine clients are issued by the provider for an account, not registered.",
      );
    if (m.grant_types.includes("authorization_code") && m.redirect_uris.length === 0)
      return oauthError(400, "invalid_redirect_uri", "At least one redirect_uri is needed.");
    const confidential = m.token_endpoint_auth_method !== "none";
    const issued = await registerOAuthClient(
      db,
      {
        name: m.client_name ?? "MCP host",
        redirectUris: m.redirect_uris,
        grantTypes: m.grant_types,
        confidential,
      },
      service.now(),
    );
    return json(
      {
        client_id: issued.clientId,
        ...(issued.clientSecret
          ? { client_secret: issued.clientSecret, client_secret_expires_at: 0 }
          : {}),
        client_id_issued_at: Math.floor(service.now().getTime() / 1000),
        client_name: m.client_name ?? "MCP host",
        redirect_uris: m.redirect_uris,
        grant_types: m.grant_types,
        response_types: ["code"],
        token_endpoint_auth_method: m.token_endpoint_auth_method,
      },
      201,
    );
  });

  /** The consent page: who asks, for which scopes, approved with the account's sign-in. */
  const consent = (
    q: Record<string, string>,
    clientName: string,
    scope: string,
    message?: string,
  ) =>
    page(
      "Allow agent access",
      `<h1>Allow agent access</h1>
<p><strong>${escapeHtml(clientName)}</strong> asks to use the agent endpoint for your account with these scopes:</p>
<ul>${scope
        .split(" ")
        .map(
          (s) =>
            `<li><code>${escapeHtml(s)}</code>: ${s === AGENT_SCOPES.connect ? "connect and list tools" : s === AGENT_SCOPES.read ? "call free tools (account reads, job status)" : "call paid tools (billed like the REST operations)"}</li>`,
        )
        .join("")}</ul>
${message ? `<p role="alert"><strong>${escapeHtml(message)}</strong></p>` : ""}
<form method="post" action="/oauth/authorize">
${Object.entries(q)
  .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
  .join("")}
<fieldset><legend>Sign in to approve</legend>
<label for="login">Login</label><input id="login" name="login" autocomplete="username" required value="${escapeHtml(q.login ?? "")}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
</fieldset>
<p><button class="primary" type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="deny" formnovalidate>Deny</button></p>
</form>`,
      "*",
    );

  /** Checks an authorisation request; the redirect address is trusted only once it is known. */
  async function authorizationRequest(q: Record<string, string>) {
    const client = q.client_id ? await findOAuthClient(db, q.client_id) : undefined;
    if (!client) return { fail: "The client is not registered." } as const;
    if (!q.redirect_uri || !client.redirectUris.includes(q.redirect_uri))
      return { fail: "The redirect address is not one the client registered." } as const;
    const back = (params: Record<string, string>) => {
      const url = new URL(q.redirect_uri!);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      if (q.state) url.searchParams.set("state", q.state);
      return Response.redirect(url.toString(), 302);
    };
    if (q.response_type !== "code")
      return { redirect: back({ error: "unsupported_response_type" }) } as const;
    if (!q.code_challenge || q.code_challenge_method !== "S256")
      return {
        redirect: back({
          error: "invalid_request",
          error_description: "PKCE with S256 is required.",
        }),
      } as const;
    const scope = grantedScopes(q.scope);
    if (!scope) return { redirect: back({ error: "invalid_scope" }) } as const;
    return { client, scope, back } as const;
  }

  app.get("/oauth/authorize", async (c) => {
    const q = Object.fromEntries(new URL(c.req.url).searchParams);
    const checked = await authorizationRequest(q);
    if ("fail" in checked) return oauthError(400, "invalid_request", checked.fail!);
    if ("redirect" in checked) return checked.redirect;
    return consent(q, checked.client.name, checked.scope);
  });

  app.post("/oauth/authorize", async (c) => {
    const form = await formOrJson(c);
    if (!form) return oauthError(400, "invalid_request", "The form could not be read.");
    const { login = "", password = "", decision, ...q } = form;
    const checked = await authorizationRequest(q);
    if ("fail" in checked) return oauthError(400, "invalid_request", checked.fail!);
    if ("redirect" in checked) return checked.redirect;
    if (decision !== "approve") return checked.back({ error: "access_denied" });
    const account = await checkSignIn(db, login, password);
    if (!account)
      return consent(
        { ...q, login },
        checked.client.name,
        checked.scope,
        "The login or password is wrong.",
      );
    if (!account.isActive || !account.agentAccess)
      return consent(
        { ...q, login },
        checked.client.name,
        checked.scope,
        "This account is not enabled for the agent endpoint (private preview).",
      );
    const code = randomBytes(32).toString("base64url");
    const now = service.now();
    await db.insert(schema.oauthCodes).values({
      codeHash: digest(code),
      oauthClientId: checked.client.clientId,
      accountClientId: account.clientId,
      environment: account.environment,
      redirectUri: q.redirect_uri!,
      codeChallenge: q.code_challenge!,
      scope: checked.scope,
      expiresAt: new Date(now.getTime() + CODE_SECONDS * 1000),
      createdAt: now,
    });
    return checked.back({ code });
  });

  app.post("/oauth/token", async (c) => {
    const body = await formOrJson(c);
    if (!body) return oauthError(400, "invalid_request", "The token request could not be read.");
    const creds = clientCredentialsOf(c, body);
    const client = creds.clientId ? await findOAuthClient(db, creds.clientId) : undefined;
    if (!client || !clientAuthenticates(client, creds.secret))
      return oauthError(401, "invalid_client", "Client authentication failed.");
    if (!client.grantTypes.includes(body.grant_type ?? ""))
      return oauthError(
        400,
        "unauthorized_client",
        `This client may not use ${body.grant_type ?? "that grant"}.`,
      );
    const now = service.now();

    if (body.grant_type === "client_credentials") {
      if (!client.accountClientId || !client.environment)
        return oauthError(400, "unauthorized_client", "This client acts for no account.");
      const scope = grantedScopes(body.scope);
      if (!scope) return oauthError(400, "invalid_scope", "Unknown scope.");
      return json(
        await issueTokens(
          db,
          {
            oauthClientId: client.clientId,
            accountClientId: client.accountClientId,
            environment: client.environment,
            scope,
            withRefresh: false,
          },
          now,
        ),
      );
    }

    if (body.grant_type === "authorization_code") {
      const [code] = await db
        .select()
        .from(schema.oauthCodes)
        .where(
          and(
            eq(schema.oauthCodes.codeHash, digest(body.code ?? "")),
            isNull(schema.oauthCodes.usedAt),
          ),
        )
        .limit(1);
      const verifier = body.code_verifier ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (
        !code ||
        code.expiresAt <= now ||
        code.oauthClientId !== client.clientId ||
        code.redirectUri !== body.redirect_uri ||
        code.codeChallenge !== challenge
      )
        return oauthError(
          400,
          "invalid_grant",
          "The code is unknown, used, expired or does not match.",
        );
      await db
        .update(schema.oauthCodes)
        .set({ usedAt: now })
        .where(eq(schema.oauthCodes.codeHash, code.codeHash));
      return json(
        await issueTokens(
          db,
          {
            oauthClientId: client.clientId,
            accountClientId: code.accountClientId,
            environment: code.environment,
            scope: code.scope,
            withRefresh: client.grantTypes.includes("refresh_token"),
          },
          now,
        ),
      );
    }

    if (body.grant_type === "refresh_token") {
      const token = await findToken(db, body.refresh_token ?? "", "refresh", now);
      if (!token || token.oauthClientId !== client.clientId)
        return oauthError(400, "invalid_grant", "The refresh token is unknown, used or expired.");
      await revokeToken(db, token.tokenHash, now);
      return json(
        await issueTokens(
          db,
          {
            oauthClientId: client.clientId,
            accountClientId: token.accountClientId,
            environment: token.environment,
            scope: token.scope,
            withRefresh: true,
          },
          now,
        ),
      );
    }
    return oauthError(
      400,
      "unsupported_grant_type",
      "Use authorization_code, refresh_token or client_credentials.",
    );
  });
}
