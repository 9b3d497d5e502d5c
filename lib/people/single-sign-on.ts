import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { sealData, unsealData } from "iron-session";
import { cookies } from "next/headers";
import * as oidc from "openid-client";
import { claimOnce } from "@/lib/db/claim-once";
import { decryptSecret, deriveKey, encryptSecret } from "@/lib/auth/secret-box";
import { isRole, type Role } from "@/lib/auth/roles";
import { consoleConfig } from "@/lib/config/console-env";
import { getStore } from "@/lib/store/db";
import { identityProviders, ssoFlows, ssoIdentities, ssoPendingLinks } from "@/lib/store/schema";
import { z } from "zod";
import { fieldError } from "@/lib/validation/field-error";
import { CONTROL_CHARACTER } from "@/lib/validation/invisible-characters";
import { domainOfAddress, vouchesFor } from "./domain-claims";
import { providerAddressProblem, providerFetch } from "./provider-fetch";

/**
 * Single sign-on with OpenID Connect through the maintained `openid-client`: the authorization
 * code flow with PKCE, state and nonce, the ID token checked by the library. An organization
 * names its provider (issuer, client id and secret); it vouches for the organization's verified
 * email domains (`domain-claims.ts`) and for nothing else.
 *
 * A flow is bound to the browser that began it: its state and PKCE verifier travel in a sealed,
 * short-lived `__Host-` cookie of that browser, so a callback link opened anywhere else signs
 * nobody in. An identity is the provider's subject within its organization (organization,
 * issuer, subject), never an email address: a provider's first word about an address that
 * already signs in here links nothing until that person signs in as themselves once.
 */
const FLOW_SECONDS = 10 * 60;
const FLOW_COOKIE = "__Host-console_sso";
const LINK_COOKIE = "__Host-console_sso_link";

const secretKey = () => deriveKey(consoleConfig().SESSION_SECRET, "identity-provider-secret");
const cookieSeal = () => deriveKey(consoleConfig().SESSION_SECRET, "sso-cookie").toString("hex");
const digest = (value: string) => createHash("sha256").update(value).digest("hex");

const cookieOptions = {
  httpOnly: true,
  secure: true,
  // The provider sends the browser back with a top-level GET from its own site.
  sameSite: "lax" as const,
  path: "/",
  maxAge: FLOW_SECONDS,
};

export interface IdentityProvider {
  organizationId: string;
  issuer: string;
  clientId: string;
  defaultRole: Role;
}

export const callbackUrl = () =>
  `${consoleConfig().CONSOLE_PUBLIC_URL.replace(/\/$/, "")}/sso/callback`;

/** The provider's metadata, read through the checked fetch (see `provider-fetch.ts`). */
function discover(issuer: string, clientId: string, clientSecret: string) {
  const url = new URL(issuer);
  return oidc.discovery(url, clientId, clientSecret, undefined, {
    [oidc.customFetch]: providerFetch as unknown as oidc.CustomFetch,
    execute: url.protocol === "http:" ? [oidc.allowInsecureRequests] : [],
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
 * Saves an organization's provider after checking it answers: its address must be allowed and
 * its discovery document read (its issuer matching), so a typing mistake is refused here, not
 * at someone's sign-in. Returns why it was refused (a field error of the issuer), or undefined.
 */
export async function saveProvider(input: {
  organizationId: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  defaultRole: Role;
}): Promise<string | undefined> {
  const addressProblem = providerAddressProblem(new URL(input.issuer));
  if (addressProblem) return addressProblem;
  try {
    await discover(input.issuer, input.clientId, input.clientSecret);
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    if ((cause as { code?: string }).code === "provider_address_refused")
      return (cause as Error).message;
    return fieldError("issuerUnreachable");
  }
  const db = await getStore();
  const row = {
    issuer: input.issuer,
    clientId: input.clientId,
    clientSecretCiphertext: encryptSecret(input.clientSecret, secretKey()),
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

interface FlowCookie {
  state: string;
  verifier: string;
}

/**
 * The provider's sign-in page for an organization. The flow is kept once in the store (state as
 * a digest, nonce, the issuer it began with) and its state and verifier in this browser's cookie.
 */
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
    issuer: found.row.issuer,
    nonce,
    expiresAt: new Date(now.getTime() + FLOW_SECONDS * 1000),
  });
  const sealed = await sealData({ state, verifier } satisfies FlowCookie, {
    password: cookieSeal(),
    ttl: FLOW_SECONDS,
  });
  (await cookies()).set(FLOW_COOKIE, sealed, cookieOptions);
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

/** What a provider vouched for: its subject within the organization, and the profile it gave. */
export interface VouchedIdentity {
  organizationId: string;
  issuer: string;
  subject: string;
  email: string;
  name: string;
  defaultRole: Role;
}

/** Printable text of a bounded length: what a provider says is kept and shown, so no control character. */
const printable = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !CONTROL_CHARACTER.test(text));

/**
 * What the console takes from a provider's ID token or UserInfo: a subject, and an address the
 * provider verified (`email_verified` exactly true). The address is read in lower case; its
 * domain is checked against the organization's verified ones after.
 */
export const vouchedClaims = z.object({
  sub: printable(255).min(1),
  email: printable(320)
    .transform((e) => e.trim().toLowerCase())
    .refine((e) => domainOfAddress(e) !== undefined),
  email_verified: z.literal(true),
  name: printable(200)
    .transform((n) => n.trim())
    .optional()
    .catch(undefined),
});

export type SignOnResult =
  | ({ ok: true } & VouchedIdentity)
  | { ok: false; reason: "flow" | "browser" | "provider" | "email" | "domain" };

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** This browser's flow, from its cookie (taken: a flow's cookie is read once). */
async function takeFlowCookie(): Promise<FlowCookie | undefined> {
  const jar = await cookies();
  const sealed = jar.get(FLOW_COOKIE)?.value;
  jar.delete({ name: FLOW_COOKIE, path: "/", secure: true, httpOnly: true, sameSite: "lax" });
  if (!sealed) return undefined;
  const flow = await unsealData<Partial<FlowCookie>>(sealed, {
    password: cookieSeal(),
    ttl: FLOW_SECONDS,
  }).catch(() => ({}) as Partial<FlowCookie>);
  return flow.state && flow.verifier ? { state: flow.state, verifier: flow.verifier } : undefined;
}

/**
 * Finishes a sign-on at the callback: this browser's flow (the state it carries must be the
 * callback's), taken once from the store, the code exchanged with the verifier only this browser
 * holds, the ID token checked (issuer, audience, nonce, expiry) by openid-client, and its email
 * address, verified by the provider, of a domain the organization verified.
 */
export async function finishSignOn(callback: URL): Promise<SignOnResult> {
  const state = callback.searchParams.get("state") ?? "";
  const browser = await takeFlowCookie();
  if (!browser || !sameText(browser.state, state)) return { ok: false, reason: "browser" };
  const marks = { usedAt: "usedAt", expiresAt: ssoFlows.expiresAt, now: new Date() } as const;
  const flow = await claimOnce(
    await getStore(),
    ssoFlows,
    marks,
    eq(ssoFlows.stateHash, digest(state)),
  );
  if (!flow) return { ok: false, reason: "flow" };
  const found = await configurationOf(flow.organizationId);
  // A provider replaced while the person was away is not the one that began the flow.
  if (!found || found.row.issuer !== flow.issuer) return { ok: false, reason: "flow" };
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(found.config, callback, {
      pkceCodeVerifier: browser.verifier,
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
  const vouched = vouchedClaims.safeParse(claims);
  if (!vouched.success) return { ok: false, reason: "email" };
  const { sub: subject, email } = vouched.data;
  if (!(await vouchesFor(flow.organizationId, email))) return { ok: false, reason: "domain" };
  const name = vouched.data.name || email;
  const defaultRole = isRole(found.row.defaultRole) ? found.row.defaultRole : "viewer";
  return {
    ok: true,
    organizationId: flow.organizationId,
    issuer: flow.issuer,
    subject,
    email,
    name,
    defaultRole,
  };
}

/** The person an organization's provider identity belongs to, when it was linked before. */
export async function personOfIdentity(
  identity: Pick<VouchedIdentity, "organizationId" | "issuer" | "subject">,
): Promise<string | undefined> {
  const db = await getStore();
  const [row] = await db
    .select({ personId: ssoIdentities.personId })
    .from(ssoIdentities)
    .where(
      and(
        eq(ssoIdentities.organizationId, identity.organizationId),
        eq(ssoIdentities.issuer, identity.issuer),
        eq(ssoIdentities.subject, identity.subject),
      ),
    );
  return row?.personId;
}

/**
 * Links a provider identity to a person, once: of two parallel first sign-ins one link is made;
 * returns the person the identity belongs to now.
 */
export async function linkIdentity(
  identity: Pick<VouchedIdentity, "organizationId" | "issuer" | "subject">,
  personId: string,
): Promise<string> {
  const db = await getStore();
  await db
    .insert(ssoIdentities)
    .values({ ...identity, personId })
    .onConflictDoNothing();
  return (await personOfIdentity(identity))!;
}

/**
 * Keeps a vouched identity whose address signs in here already, for that person to link by
 * signing in as themselves in this browser (its cookie names the pending link).
 */
export async function holdForLink(identity: VouchedIdentity, personId: string): Promise<void> {
  const id = randomBytes(32).toString("base64url");
  const db = await getStore();
  const now = new Date();
  await db.delete(ssoPendingLinks).where(lt(ssoPendingLinks.expiresAt, now));
  await db.insert(ssoPendingLinks).values({
    idHash: digest(id),
    organizationId: identity.organizationId,
    issuer: identity.issuer,
    subject: identity.subject,
    personId,
    expiresAt: new Date(now.getTime() + FLOW_SECONDS * 1000),
  });
  (await cookies()).set(LINK_COOKIE, id, cookieOptions);
}

export interface PendingLink {
  organizationId: string;
  issuer: string;
  subject: string;
  personId: string;
}

async function pendingLinkFilter() {
  const id = (await cookies()).get(LINK_COOKIE)?.value;
  return id && /^[A-Za-z0-9_-]{43}$/.test(id) ? eq(ssoPendingLinks.idHash, digest(id)) : undefined;
}

/** The link this browser is asked to confirm, while it is open. */
export async function pendingLink(now = new Date()): Promise<PendingLink | undefined> {
  const match = await pendingLinkFilter();
  if (!match) return undefined;
  const db = await getStore();
  const [row] = await db.select().from(ssoPendingLinks).where(match);
  return row && !row.usedAt && row.expiresAt > now ? row : undefined;
}

/** Takes this browser's pending link for its one use (after the person signed in as themselves). */
export async function takePendingLink(): Promise<PendingLink | undefined> {
  const match = await pendingLinkFilter();
  if (!match) return undefined;
  const marks = {
    usedAt: "usedAt",
    expiresAt: ssoPendingLinks.expiresAt,
    now: new Date(),
  } as const;
  const row = await claimOnce(await getStore(), ssoPendingLinks, marks, match);
  (await cookies()).delete({
    name: LINK_COOKIE,
    path: "/",
    secure: true,
    httpOnly: true,
    sameSite: "lax",
  });
  return row;
}
