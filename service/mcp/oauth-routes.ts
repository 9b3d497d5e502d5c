import { createHash, randomBytes, randomUUID } from "node:crypto";
import { type Context } from "hono";
import { z } from "zod";
import { ALL_AGENT_SCOPES, AGENT_SCOPES } from "@/lib/api/contract/agent-tools";
import { isLoopbackHost } from "@/lib/api/contract/vin";
import { type ServiceApp, type ServiceBindings, type ServiceContext } from "../context";
import { schema } from "../db/database";
import { checkSignIn } from "../domain/intelligence/pilot-sessions";
import { admitSignIn, logSignInRefusal, settleSignIn } from "../domain/sign-in-throttle";
import { crossSitePost, sourceAddress } from "../routes/form-origin";
import { escapeHtml, page } from "../routes/html-page";
import {
  claimCode,
  claimRefreshToken,
  clientAuthenticates,
  codeFamily,
  codeWasUsed,
  findOAuthClient,
  findToken,
  issueTokens,
  markClientUsed,
  registerOAuthClient,
  registrationsOverBound,
  revokeFamily,
  spentRefreshToken,
  tokenOfClient,
} from "./oauth-store";

/**
 * The agent endpoint's own authorisation server, as MCP hosts discover it: protected-resource
 * metadata (RFC 9728) names it, its metadata (RFC 8414) lists the endpoints; dynamic client
 * registration (RFC 7591) for `https` and loopback redirect addresses (RFC 8252), bounded per
 * source address; the authorisation-code grant with PKCE (S256) through a consent page where the
 * account holder signs in (throttled); codes and refresh tokens used once, a reuse revoking what
 * they issued (RFC 9700); tokens for one resource, the agent endpoint (RFC 8707); client
 * credentials for machines.
 */
const CODE_SECONDS = 120;
const MAX_BODY = 8192;
/** Dynamic registrations one source address may make per window. */
export const REGISTRATIONS_PER_SOURCE = 20;
export const REGISTRATION_WINDOW_SECONDS = 3_600;
/** What a host gets when it asks for no scope, and what the 401 challenge names: no spending. */
export const DEFAULT_AGENT_SCOPES = [AGENT_SCOPES.connect, AGENT_SCOPES.read];

export const protectedResourcePath = "/.well-known/oauth-protected-resource/mcp";
const NO_STORE = { "Content-Type": "application/json", "Cache-Control": "no-store" };
const oauthError = (
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
) =>
  new Response(JSON.stringify({ error, error_description: description, message: description }), {
    status,
    headers: { ...NO_STORE, ...headers },
  });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: NO_STORE });

/** Requested scopes, all known; none asks for the read scopes. Null when one is unknown. */
function grantedScopes(requested: string | undefined): string | null {
  const asked = scopeList(requested);
  if (asked.some((s) => !(ALL_AGENT_SCOPES as string[]).includes(s))) return null;
  const scopes = asked.length ? asked : DEFAULT_AGENT_SCOPES;
  return [...new Set([AGENT_SCOPES.connect, ...scopes])].join(" ");
}
const scopeList = (scope: string | undefined) => (scope ?? "").split(/\s+/).filter(Boolean);

/** The same resource address, however written (case of scheme and host, a trailing slash). */
function sameResource(sent: string, resource: string): boolean {
  try {
    const a = new URL(sent);
    const b = new URL(resource);
    const path = (u: URL) => u.pathname.replace(/\/+$/, "");
    return (
      a.origin === b.origin &&
      path(a) === path(b) &&
      a.search === "" &&
      a.hash === "" &&
      !a.username
    );
  } catch {
    return false;
  }
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

/**
 * Client authentication at the token endpoint: HTTP Basic (RFC 6749 §2.3.1: both parts
 * form-encoded) or the body's fields. Undefined when the Basic header cannot be read.
 */
function clientCredentialsOf(c: Context<ServiceBindings>, body: Record<string, string>) {
  const header = c.req.header("Authorization");
  if (header === undefined || !/^Basic\s/i.test(header))
    return { clientId: body.client_id ?? "", secret: body.client_secret };
  const encoded = header.replace(/^Basic\s+/i, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 1) return undefined;
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")),
    };
  } catch {
    return undefined;
  }
}

/**
 * What is wrong with a redirect address a client registers, if anything: only `https`, or
 * plain `http` to a loopback host (a native app's local listener, RFC 8252 §7.3); never a
 * fragment or credentials. `javascript:`, `data:` and other schemes are refused.
 */
function redirectUriProblem(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${uri} is not an absolute URL`;
  }
  if (url.hash || uri.includes("#")) return `${uri} has a fragment`;
  if (url.username || url.password) return `${uri} carries credentials`;
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return undefined;
  return `${uri} must use https (plain http only to a loopback host: 127.0.0.1, [::1] or localhost)`;
}

const registration = z.object({
  redirect_uris: z.array(z.string().max(2000)).max(10).default([]),
  client_name: z.string().max(200).optional(),
  grant_types: z
    .array(z.enum(["authorization_code", "refresh_token", "client_credentials"]))
    .default(["authorization_code", "refresh_token"]),
  token_endpoint_auth_method: z
    .enum(["none", "client_secret_basic", "client_secret_post"])
    .default("client_secret_basic"),
  scope: z.string().optional(),
});

const SCOPE_TEXT: Record<string, string> = {
  [AGENT_SCOPES.connect]: "connect and list tools",
  [AGENT_SCOPES.read]: "call free tools (account reads, job status)",
  [AGENT_SCOPES.spend]: "call paid tools (billed like the REST operations)",
};

export function mountOAuth(app: ServiceApp, service: ServiceContext) {
  const db = service.database.db;
  const base = () => service.config.publicUrl;
  /** The one protected resource this server issues tokens for. */
  const resource = () => `${base()}/mcp`;

  const resourceMetadata = () => ({
    resource: resource(),
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
      revocation_endpoint: `${base()}/oauth/revoke`,
      registration_endpoint: `${base()}/oauth/register`,
      scopes_supported: ALL_AGENT_SCOPES,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    }),
  );

  app.post("/oauth/register", async (c) => {
    if (!(c.req.header("Content-Type") ?? "").toLowerCase().startsWith("application/json"))
      return oauthError(
        400,
        "invalid_client_metadata",
        "Send the client metadata as application/json (RFC 7591).",
      );
    const text = await c.req.text();
    if (Buffer.byteLength(text) > MAX_BODY)
      return oauthError(400, "invalid_client_metadata", `The metadata is over ${MAX_BODY} bytes.`);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return oauthError(400, "invalid_client_metadata", "The client metadata is not JSON.");
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
    const problem = m.redirect_uris.map(redirectUriProblem).find(Boolean);
    if (problem) return oauthError(400, "invalid_redirect_uri", problem);
    const now = service.now();
    const source = sourceAddress(c);
    const issued = await registerOAuthClient(
      db,
      {
        name: m.client_name ?? "MCP host",
        redirectUris: m.redirect_uris,
        grantTypes: m.grant_types,
        confidential: m.token_endpoint_auth_method !== "none",
        registeredFrom: source,
      },
      now,
    );
    const wait = await registrationsOverBound(
      db,
      issued.clientId,
      source,
      REGISTRATIONS_PER_SOURCE,
      REGISTRATION_WINDOW_SECONDS,
      now,
    );
    if (wait !== undefined)
      return oauthError(
        429,
        "rate_limit_exceeded",
        `At most ${REGISTRATIONS_PER_SOURCE} registrations per address and hour; register again after Retry-After seconds, or reuse a registration.`,
        { "Retry-After": String(wait) },
      );
    return json(
      {
        client_id: issued.clientId,
        ...(issued.clientSecret
          ? { client_secret: issued.clientSecret, client_secret_expires_at: 0 }
          : {}),
        client_id_issued_at: Math.floor(now.getTime() / 1000),
        client_name: m.client_name ?? "MCP host",
        redirect_uris: m.redirect_uris,
        grant_types: m.grant_types,
        response_types: ["code"],
        token_endpoint_auth_method: m.token_endpoint_auth_method,
      },
      201,
    );
  });

  /**
   * The consent page: who asks (a name the client gave itself, said to be unverified), for which
   * scopes, where the code will go; approved with the account's sign-in.
   */
  const consent = (
    q: Record<string, string>,
    client: { name: string; createdAt: Date },
    scope: string,
    notice?: { message: string; status?: number; retryAfter?: number },
  ) => {
    const target = new URL(q.redirect_uri!);
    return page(
      "Allow agent access",
      `<h1>Allow agent access</h1>
<p>A client calling itself <strong>${escapeHtml(client.name)}</strong> asks to use the agent endpoint for your account with these scopes:</p>
<ul>${scope
        .split(" ")
        .map((s) => `<li><code>${escapeHtml(s)}</code>: ${escapeHtml(SCOPE_TEXT[s] ?? s)}</li>`)
        .join("")}</ul>
<p id="client-identity"><small>The name is what the client declared when it registered (${escapeHtml(client.createdAt.toISOString().slice(0, 10))}); the service has not verified it. Approve only a connection you started yourself.</small></p>
<p id="redirect-target">If you approve, your browser goes on to <strong>${escapeHtml(target.host)}</strong> with the authorisation code: <code>${escapeHtml(target.origin + target.pathname)}</code>.</p>
${notice ? `<p role="alert"><strong>${escapeHtml(notice.message)}</strong></p>` : ""}
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
      {
        status: notice?.status,
        headers: notice?.retryAfter ? { "Retry-After": String(notice.retryAfter) } : undefined,
      },
    );
  };

  /** Checks an authorisation request; the redirect address is trusted only once it is known. */
  async function authorizationRequest(q: Record<string, string>) {
    const client = q.client_id ? await findOAuthClient(db, q.client_id, service.now()) : undefined;
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
    if (q.resource !== undefined && !sameResource(q.resource, resource()))
      return {
        redirect: back({
          error: "invalid_target",
          error_description: `This server issues tokens for ${resource()} only.`,
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
    return consent(q, checked.client, checked.scope);
  });

  app.post("/oauth/authorize", async (c) => {
    if (crossSitePost(c, base()))
      return oauthError(
        403,
        "access_denied",
        "A consent from another site is refused: approve on the service's own page.",
      );
    const form = await formOrJson(c);
    if (!form) return oauthError(400, "invalid_request", "The form could not be read.");
    const { login = "", password = "", decision, ...q } = form;
    const checked = await authorizationRequest(q);
    if ("fail" in checked) return oauthError(400, "invalid_request", checked.fail!);
    if ("redirect" in checked) return checked.redirect;
    if (decision !== "approve") return checked.back({ error: "access_denied" });
    const now = service.now();
    const attempt = { surface: "oauth_consent" as const, login, source: sourceAddress(c), now };
    const admission = await admitSignIn(service.database.pool, attempt);
    if (!admission.admitted) {
      logSignInRefusal(service.log, attempt, "throttled");
      return consent({ ...q, login }, checked.client, checked.scope, {
        message: `Too many failed sign-ins: try again in ${admission.retryAfterSeconds} seconds.`,
        status: 429,
        retryAfter: admission.retryAfterSeconds,
      });
    }
    const account = await checkSignIn(db, login, password);
    await settleSignIn(
      service.database.pool,
      admission.attemptId,
      account ? "succeeded" : "failed",
    );
    if (!account) {
      logSignInRefusal(service.log, attempt, "failed");
      return consent({ ...q, login }, checked.client, checked.scope, {
        message: "The login or password is wrong.",
      });
    }
    if (!account.isActive || !account.agentAccess)
      return consent({ ...q, login }, checked.client, checked.scope, {
        message: "This account is not enabled for the agent endpoint (private preview).",
      });
    const code = randomBytes(32).toString("base64url");
    await db.insert(schema.oauthCodes).values({
      codeHash: createHash("sha256").update(code).digest("hex"),
      oauthClientId: checked.client.clientId,
      accountClientId: account.clientId,
      environment: account.environment,
      redirectUri: q.redirect_uri!,
      codeChallenge: q.code_challenge!,
      scope: checked.scope,
      resource: resource(),
      expiresAt: new Date(now.getTime() + CODE_SECONDS * 1000),
      createdAt: now,
    });
    await markClientUsed(db, checked.client.clientId, now);
    return checked.back({ code });
  });

  /** The client a token or revocation request authenticates as, or the refusal to answer. */
  async function authenticatedClient(c: Context<ServiceBindings>, body: Record<string, string>) {
    const creds = clientCredentialsOf(c, body);
    if (!creds)
      return oauthError(401, "invalid_client", "The Basic credentials cannot be read.", {
        "WWW-Authenticate": 'Basic realm="oauth"',
      });
    const client = creds.clientId
      ? await findOAuthClient(db, creds.clientId, service.now())
      : undefined;
    if (!client || !clientAuthenticates(client, creds.secret))
      return oauthError(401, "invalid_client", "Client authentication failed.");
    return client;
  }

  /**
   * Token revocation (RFC 7009): a client ends a grant it holds. Revoking an access or refresh
   * token revokes every token of its grant. Unknown or foreign tokens are answered alike (200).
   */
  app.post("/oauth/revoke", async (c) => {
    const body = await formOrJson(c);
    if (!body) return oauthError(400, "invalid_request", "The revocation could not be read.");
    const client = await authenticatedClient(c, body);
    if (client instanceof Response) return client;
    const held = body.token ? await tokenOfClient(db, body.token, client.clientId) : undefined;
    if (held?.familyId) await revokeFamily(db, held.familyId, service.now());
    return new Response(null, { status: 200, headers: { "Cache-Control": "no-store" } });
  });

  app.post("/oauth/token", async (c) => {
    const body = await formOrJson(c);
    if (!body) return oauthError(400, "invalid_request", "The token request could not be read.");
    const now = service.now();
    const client = await authenticatedClient(c, body);
    if (client instanceof Response) return client;
    if (!client.grantTypes.includes(body.grant_type ?? ""))
      return oauthError(
        400,
        "unauthorized_client",
        `This client may not use ${body.grant_type ?? "that grant"}.`,
      );
    if (body.resource !== undefined && !sameResource(body.resource, resource()))
      return oauthError(400, "invalid_target", `This server issues tokens for ${resource()} only.`);

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
            resource: resource(),
            familyId: `client:${randomUUID()}`,
            withRefresh: false,
          },
          now,
        ),
      );
    }

    if (body.grant_type === "authorization_code") {
      const code = body.code ?? "";
      const challenge = createHash("sha256")
        .update(body.code_verifier ?? "")
        .digest("base64url");
      // The claim and the tokens commit together: a second redemption waits for this one and
      // then finds the code used, and the tokens it would revoke are already there.
      const issued = await db.transaction(async (tx) => {
        const claimed = await claimCode(
          tx,
          code,
          {
            oauthClientId: client.clientId,
            redirectUri: body.redirect_uri ?? "",
            codeChallenge: challenge,
          },
          now,
        );
        if (!claimed) return undefined;
        return issueTokens(
          tx,
          {
            oauthClientId: client.clientId,
            accountClientId: claimed.accountClientId,
            environment: claimed.environment,
            scope: claimed.scope,
            resource: claimed.resource ?? resource(),
            familyId: codeFamily(code),
            withRefresh: client.grantTypes.includes("refresh_token"),
          },
          now,
        );
      });
      if (issued) return json(issued);
      if (await codeWasUsed(db, code, client.clientId)) {
        const revoked = await revokeFamily(db, codeFamily(code), now);
        service.log.warn("an authorization code was used twice; its tokens are revoked", {
          oauthClientId: client.clientId,
          revoked,
        });
      }
      return oauthError(
        400,
        "invalid_grant",
        "The code is unknown, used, expired or does not match.",
      );
    }

    if (body.grant_type === "refresh_token") {
      const refreshToken = body.refresh_token ?? "";
      const current = await findToken(db, refreshToken, "refresh", now);
      // A refresh may narrow the scope, never widen it: a broader one goes back to consent.
      if (current && current.oauthClientId === client.clientId && body.scope !== undefined) {
        const held = scopeList(current.scope);
        const asked = scopeList(body.scope);
        if (asked.length === 0 || asked.some((s) => !held.includes(s)))
          return oauthError(
            400,
            "invalid_scope",
            `A refresh keeps to the scopes granted (${current.scope}); ask for more through the consent page.`,
          );
      }
      const issued = await db.transaction(async (tx) => {
        const claimed = await claimRefreshToken(tx, refreshToken, client.clientId, now);
        if (!claimed) return undefined;
        return issueTokens(
          tx,
          {
            oauthClientId: client.clientId,
            accountClientId: claimed.accountClientId,
            environment: claimed.environment,
            scope: body.scope !== undefined ? grantedScopes(body.scope)! : claimed.scope,
            resource: claimed.resource ?? resource(),
            familyId: claimed.familyId ?? `refresh:${claimed.tokenHash}`,
            withRefresh: true,
          },
          now,
        );
      });
      if (issued) return json(issued);
      const spent = await spentRefreshToken(db, refreshToken, client.clientId);
      if (spent?.familyId) {
        const revoked = await revokeFamily(db, spent.familyId, now);
        service.log.warn("a refresh token was used twice; every token of its grant is revoked", {
          oauthClientId: client.clientId,
          revoked,
        });
      }
      return oauthError(400, "invalid_grant", "The refresh token is unknown, used or expired.");
    }
    return oauthError(
      400,
      "unsupported_grant_type",
      "Use authorization_code, refresh_token or client_credentials.",
    );
  });
}
