import { createHash, randomBytes, randomUUID } from "node:crypto";
import { ALL_AGENT_SCOPES } from "@/lib/api/contract/agent-tools";
import { schema } from "../../db/database";
import { checkSignIn } from "../../domain/intelligence/pilot-sessions";
import { admitSignIn, logSignInRefusal, settleSignIn } from "../../domain/sign-in-throttle";
import { isBodyTooLarge, readBodyOf } from "../../pipeline/request-input";
import { nulCharacterPath } from "../../pipeline/validate";
import { crossSitePost, sourceAddress } from "../../routes/form-origin";
import { consentPage } from "./consent-page";
import {
  CODE_SECONDS,
  formOrJson,
  grantedScopes,
  json,
  MAX_BODY,
  oauthError,
  REGISTRATION_WINDOW_SECONDS,
  REGISTRATIONS_PER_SOURCE,
  redirectUriProblem,
  registration,
  sameResource,
  scopeList,
} from "./oauth-protocol";
import { type AuthenticatedOAuthClient, type OAuthRequest } from "./oauth-request";
import {
  claimCode,
  claimRefreshToken,
  codeTokenFamily,
  codeWasUsed,
  findToken,
  issueTokens,
  markClientUsed,
  registerOAuthClient,
  registrationsOverBound,
  revokeTokenFamily,
  spentRefreshToken,
  tokenOfClient,
} from "./oauth-store";

export type OAuthHandler = (request: OAuthRequest) => Promise<Response>;
/** How a token request proves what it may have: one of OAuth's `grant_type`s. */
type GrantType = (
  request: OAuthRequest,
  client: AuthenticatedOAuthClient,
  body: Record<string, string>,
  now: Date,
) => Promise<Response>;

const resourceMetadata = ({ base, resource }: OAuthRequest) => ({
  resource,
  authorization_servers: [base],
  scopes_supported: ALL_AGENT_SCOPES,
  bearer_methods_supported: ["header"],
  resource_name: "Vehicle, Parts and Market-Intelligence Service (agent endpoint, private preview)",
});

/**
 * Tokens for what a claimed code or refresh token granted (its account, environment, scope and
 * resource), to the client that claimed it, in its token family.
 */
function issueClaimed(
  tx: Parameters<typeof issueTokens>[0],
  client: AuthenticatedOAuthClient,
  claimed: { accountClientId: string; environment: string; scope: string; resource: string | null },
  /** The resource of the request, for a claim made before tokens were bound to one. */
  requested: string,
  now: Date,
  tokens: { scope?: string; familyId: string; withRefresh: boolean },
) {
  const { accountClientId, environment } = claimed;
  const resource = claimed.resource ?? requested;
  const scope = tokens.scope ?? claimed.scope;
  return issueTokens(
    tx,
    { oauthClientId: client.clientId, accountClientId, environment, resource, ...tokens, scope },
    now,
  );
}

/** The token endpoint's three grant types, by `grant_type`. */
const GRANT_TYPES = new Map<string, GrantType>([
  [
    "client_credentials",
    async ({ db, resource }, client, body, now) => {
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
            resource,
            familyId: `client:${randomUUID()}`,
            withRefresh: false,
          },
          now,
        ),
      );
    },
  ],
  [
    "authorization_code",
    async ({ db, resource, service }, client, body, now) => {
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
        return issueClaimed(tx, client, claimed, resource, now, {
          familyId: codeTokenFamily(code),
          withRefresh: client.grantTypes.includes("refresh_token"),
        });
      });
      if (issued) return json(issued);
      if (await codeWasUsed(db, code, client.clientId)) {
        const revoked = await revokeTokenFamily(db, codeTokenFamily(code), now);
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
    },
  ],
  [
    "refresh_token",
    async ({ db, resource, service }, client, body, now) => {
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
        return issueClaimed(tx, client, claimed, resource, now, {
          scope: body.scope !== undefined ? grantedScopes(body.scope)! : claimed.scope,
          familyId: claimed.familyId ?? `refresh:${claimed.tokenHash}`,
          withRefresh: true,
        });
      });
      if (issued) return json(issued);
      const spent = await spentRefreshToken(db, refreshToken, client.clientId);
      if (spent?.familyId) {
        const revoked = await revokeTokenFamily(db, spent.familyId, now);
        service.log.warn("a refresh token was used twice; every token of its grant is revoked", {
          oauthClientId: client.clientId,
          revoked,
        });
      }
      return oauthError(400, "invalid_grant", "The refresh token is unknown, used or expired.");
    },
  ],
]);

/** A handler per route of the authorisation server (the routes are in `oauth.routes.ts`). */
export const oauthHandlers = {
  async protectedResourceMetadata(request) {
    return json(resourceMetadata(request));
  },

  async authorizationServerMetadata({ base }) {
    return json({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      revocation_endpoint: `${base}/oauth/revoke`,
      registration_endpoint: `${base}/oauth/register`,
      scopes_supported: ALL_AGENT_SCOPES,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    });
  },

  async registerClient({ c, db, service }) {
    if (!(c.req.header("Content-Type") ?? "").toLowerCase().startsWith("application/json"))
      return oauthError(
        400,
        "invalid_client_metadata",
        "Send the client metadata as application/json (RFC 7591).",
      );
    let text: string;
    try {
      text = await readBodyOf(c, MAX_BODY);
    } catch (error) {
      if (!isBodyTooLarge(error)) throw error;
      return oauthError(
        400,
        "invalid_client_metadata",
        `The metadata is over ${MAX_BODY} bytes.`,
        error.headers,
      );
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return oauthError(400, "invalid_client_metadata", "The client metadata is not JSON.");
    }
    if (nulCharacterPath(raw) !== undefined)
      return oauthError(400, "invalid_client_metadata", "The metadata must not contain NUL.");
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
    const source = sourceAddress(c, service.config.trustedProxies);
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
  },

  async showConsent(request) {
    const q = Object.fromEntries(new URL(request.c.req.url).searchParams);
    const checked = await request.authorizationRequest(q);
    if ("fail" in checked) return oauthError(400, "invalid_request", checked.fail);
    if ("redirect" in checked) return checked.redirect;
    return consentPage(q, checked.client, checked.scope);
  },

  async decideConsent(request) {
    const { c, db, service, base, resource } = request;
    if (crossSitePost(c, base))
      return oauthError(
        403,
        "access_denied",
        "A consent from another site is refused: approve on the service's own page.",
      );
    const form = await formOrJson(c);
    if (form instanceof Response) return form;
    if (!form) return oauthError(400, "invalid_request", "The form could not be read.");
    const { login = "", password = "", decision, ...q } = form;
    const checked = await request.authorizationRequest(q);
    if ("fail" in checked) return oauthError(400, "invalid_request", checked.fail);
    if ("redirect" in checked) return checked.redirect;
    if (decision !== "approve") return checked.back({ error: "access_denied" });
    const now = service.now();
    const attempt = {
      surface: "oauth_consent" as const,
      login,
      source: sourceAddress(c, service.config.trustedProxies),
      now,
    };
    const admission = await admitSignIn(service.database.pool, attempt);
    if (!admission.admitted) {
      logSignInRefusal(service.log, attempt, "throttled");
      return consentPage({ ...q, login }, checked.client, checked.scope, {
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
      return consentPage({ ...q, login }, checked.client, checked.scope, {
        message: "The login or password is wrong.",
      });
    }
    if (!account.isActive || !account.agentAccess)
      return consentPage({ ...q, login }, checked.client, checked.scope, {
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
      resource,
      expiresAt: new Date(now.getTime() + CODE_SECONDS * 1000),
      createdAt: now,
    });
    await markClientUsed(db, checked.client.clientId, now);
    return checked.back({ code });
  },

  /**
   * Token revocation (RFC 7009): a client ends an authorization it holds. Revoking an access or
   * refresh token revokes its whole token family. Unknown or foreign tokens are answered alike
   * (200).
   */
  async revokeToken(request) {
    const body = await formOrJson(request.c);
    if (body instanceof Response) return body;
    if (!body) return oauthError(400, "invalid_request", "The revocation could not be read.");
    const client = await request.authenticatedClient(body);
    if (client instanceof Response) return client;
    const held = body.token
      ? await tokenOfClient(request.db, body.token, client.clientId)
      : undefined;
    if (held?.familyId) await revokeTokenFamily(request.db, held.familyId, request.service.now());
    return new Response(null, { status: 200, headers: { "Cache-Control": "no-store" } });
  },

  async issueToken(request) {
    const body = await formOrJson(request.c);
    if (body instanceof Response) return body;
    if (!body) return oauthError(400, "invalid_request", "The token request could not be read.");
    const now = request.service.now();
    const client = await request.authenticatedClient(body);
    if (client instanceof Response) return client;
    if (!client.grantTypes.includes(body.grant_type ?? ""))
      return oauthError(
        400,
        "unauthorized_client",
        `This client may not use ${body.grant_type ?? "that grant"}.`,
      );
    if (body.resource !== undefined && !sameResource(body.resource, request.resource))
      return oauthError(
        400,
        "invalid_target",
        `This server issues tokens for ${request.resource} only.`,
      );
    const grantType = GRANT_TYPES.get(body.grant_type ?? "");
    if (!grantType)
      return oauthError(
        400,
        "unsupported_grant_type",
        "Use authorization_code, refresh_token or client_credentials.",
      );
    return grantType(request, client, body, now);
  },
} satisfies Record<string, OAuthHandler>;
