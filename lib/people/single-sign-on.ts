import "server-only";
import { createHash } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import * as oidc from "openid-client";
import { claimOnce } from "@/lib/db/claim-once";
import { isLoopbackHost } from "@/lib/api/contract/vin";
import { decryptSecret, deriveKey, encryptSecret } from "@/lib/auth/secret-box";
import { isRole, type Role } from "@/lib/auth/roles";
import { consoleConfig } from "@/lib/config/console-env";
import { getStore } from "@/lib/store/db";
import { identityProviders, organizations, ssoFlows } from "@/lib/store/schema";

/**
 * Single sign-on with OpenID Connect through the maintained `openid-client`: the authorization
 * code flow with PKCE, state and nonce, the ID token checked by the library. An organization
 * names its provider (issuer, client id and secret) and the email domain it vouches for; people
 * of that domain join with the default role on their first sign-in.
 */
const FLOW_SECONDS = 10 * 60;

const secretKey = () => deriveKey(consoleConfig().SESSION_SECRET, "identity-provider-secret");
const digest = (state: string) => createHash("sha256").update(state).digest("hex");

export interface IdentityProvider {
  organizationId: string;
  issuer: string;
  clientId: string;
  allowedDomain: string;
  defaultRole: Role;
}

export const callbackUrl = () =>
  `${consoleConfig().CONSOLE_PUBLIC_URL.replace(/\/$/, "")}/sso/callback`;

/** A provider on a loopback address (a test's, a developer's) may answer over plain http. */
function discover(issuer: string, clientId: string, clientSecret: string) {
  const url = new URL(issuer);
  return oidc.discovery(url, clientId, clientSecret, undefined, {
    execute:
      url.protocol === "http:" && isLoopbackHost(url.hostname) ? [oidc.allowInsecureRequests] : [],
  });
}

/** The identity provider's row of an organization, secret still encrypted. */
async function providerRow(organizationId: string) {
  const db = await getStore();
  const [row] = await db
    .select()
    .from(identityProviders)
    .where(eq(identityProviders.organizationId, organizationId))
    .limit(1);
  return row;
}

export async function providerOf(organizationId: string): Promise<IdentityProvider | undefined> {
  const row = await providerRow(organizationId);
  return row && isRole(row.defaultRole) ? { ...row, defaultRole: row.defaultRole } : undefined;
}

/**
 * Saves an organization's provider after checking it answers: its discovery document is read
 * (and its issuer matches), so a typing mistake is refused here, not at someone's sign-in.
 * Returns why it was refused, or undefined.
 */
export async function saveProvider(input: {
  organizationId: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomain: string;
  defaultRole: Role;
}): Promise<string | undefined> {
  try {
    await discover(input.issuer, input.clientId, input.clientSecret);
  } catch {
    return "The provider could not be reached at this issuer, or its discovery document does not name it. Check the issuer address.";
  }
  const db = await getStore();
  const row = {
    issuer: input.issuer,
    clientId: input.clientId,
    clientSecretCiphertext: encryptSecret(input.clientSecret, secretKey()),
    allowedDomain: input.allowedDomain.toLowerCase(),
    defaultRole: input.defaultRole,
    updatedAt: new Date(),
  };
  await db
    .insert(identityProviders)
    .values({ organizationId: input.organizationId, ...row })
    .onConflictDoUpdate({ target: identityProviders.organizationId, set: row });
  return undefined;
}

export async function removeProvider(organizationId: string) {
  const db = await getStore();
  await db.delete(identityProviders).where(eq(identityProviders.organizationId, organizationId));
}

/** The organizations whose provider vouches for an email address's domain. */
export async function organizationsForDomain(email: string) {
  const domain = email.trim().toLowerCase().split("@")[1] ?? "";
  if (!domain) return [];
  const db = await getStore();
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(identityProviders)
    .innerJoin(organizations, eq(organizations.id, identityProviders.organizationId))
    .where(eq(identityProviders.allowedDomain, domain));
}

async function configurationOf(organizationId: string) {
  const row = await providerRow(organizationId);
  if (!row) return undefined;
  return {
    row,
    config: await discover(
      row.issuer,
      row.clientId,
      decryptSecret(row.clientSecretCiphertext, secretKey()),
    ),
  };
}

/** The provider's sign-in page for an organization, with a flow the callback finishes once. */
export async function beginSignOn(
  organizationId: string,
  loginHint: string,
): Promise<URL | undefined> {
  const found = await configurationOf(organizationId);
  if (!found) return undefined;
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const now = new Date();
  const db = await getStore();
  await db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, now));
  await db.insert(ssoFlows).values({
    stateHash: digest(state),
    organizationId,
    verifierCiphertext: encryptSecret(verifier, secretKey()),
    nonce,
    expiresAt: new Date(now.getTime() + FLOW_SECONDS * 1000),
  });
  return oidc.buildAuthorizationUrl(found.config, {
    redirect_uri: callbackUrl(),
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    login_hint: loginHint,
  });
}

export type SignOnResult =
  | { ok: true; organizationId: string; email: string; name: string; defaultRole: Role }
  | { ok: false; reason: "flow" | "provider" | "email" | "domain" };

/**
 * Finishes a sign-on at the callback: the flow taken once by its state, the code exchanged, the
 * ID token checked (issuer, audience, nonce, expiry) by openid-client, and its email address,
 * verified by the provider, within the organization's domain.
 */
export async function finishSignOn(callback: URL): Promise<SignOnResult> {
  const state = callback.searchParams.get("state") ?? "";
  const marks = { usedAt: "usedAt", expiresAt: ssoFlows.expiresAt, now: new Date() } as const;
  const flow = await claimOnce(
    await getStore(),
    ssoFlows,
    marks,
    eq(ssoFlows.stateHash, digest(state)),
  );
  if (!flow) return { ok: false, reason: "flow" };
  const found = await configurationOf(flow.organizationId);
  if (!found) return { ok: false, reason: "flow" };
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(found.config, callback, {
      pkceCodeVerifier: decryptSecret(flow.verifierCiphertext, secretKey()),
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) return { ok: false, reason: "provider" };
    // Many providers keep the profile out of the ID token: then it is read from UserInfo, for
    // the same subject.
    claims =
      typeof idToken.email === "string"
        ? idToken
        : {
            ...(await oidc.fetchUserInfo(found.config, tokens.access_token, idToken.sub)),
            sub: idToken.sub,
          };
  } catch {
    return { ok: false, reason: "provider" };
  }
  const email = typeof claims?.email === "string" ? claims.email.toLowerCase() : "";
  if (!email || claims?.email_verified !== true) return { ok: false, reason: "email" };
  if (email.split("@")[1] !== found.row.allowedDomain) return { ok: false, reason: "domain" };
  const name = typeof claims?.name === "string" && claims.name.trim() ? claims.name.trim() : email;
  const defaultRole = isRole(found.row.defaultRole) ? found.row.defaultRole : "viewer";
  return { ok: true, organizationId: flow.organizationId, email, name, defaultRole };
}
