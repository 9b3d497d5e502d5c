import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, lt, or } from "drizzle-orm";
import { claimOnce } from "@/lib/db/claim-once";
import { type Db, schema } from "../../db/database";
import { type KeyEnvironment } from "@/lib/api/contract/api-keys";

/**
 * The agent endpoint's OAuth state: clients (registered or seeded), short-lived access tokens and
 * rotating refresh tokens, all stored as digests and bound to one account and environment.
 */
export const ACCESS_TOKEN_SECONDS = 900;
export const REFRESH_TOKEN_DAYS = 30;
/** A dynamic registration no code or token was ever issued to is gone after this long. */
export const UNUSED_REGISTRATION_HOURS = 24;

export const digest = (secret: string) => createHash("sha256").update(secret).digest("hex");
const secret = (prefix: string) => `${prefix}${randomBytes(32).toString("base64url")}`;

export type OAuthClientRow = typeof schema.oauthClients.$inferSelect;

export async function registerOAuthClient(
  db: Db,
  input: {
    name: string;
    redirectUris: string[];
    grantTypes: string[];
    confidential: boolean;
    accountClientId?: string;
    environment?: KeyEnvironment;
    /** The address a dynamic registration came from. */
    registeredFrom?: string;
  },
  now: Date,
): Promise<{ clientId: string; clientSecret?: string }> {
  const clientId = `mcpc_${randomBytes(12).toString("base64url")}`;
  const clientSecret = input.confidential ? secret("mcps_") : undefined;
  const { confidential: _, ...columns } = input;
  await db.insert(schema.oauthClients).values({
    clientId,
    secretHash: clientSecret ? digest(clientSecret) : null,
    ...columns,
    createdAt: now,
  });
  return { clientId, clientSecret };
}

/** A new secret for a seeded machine client (the old one stops working). */
export async function resetOAuthClientSecret(db: Db, clientId: string): Promise<string> {
  const fresh = secret("mcps_");
  await db
    .update(schema.oauthClients)
    .set({ secretHash: digest(fresh) })
    .where(eq(schema.oauthClients.clientId, clientId));
  return fresh;
}

const unusedSince = (now: Date) => new Date(now.getTime() - UNUSED_REGISTRATION_HOURS * 3_600_000);

/**
 * A client, unless it is a dynamic registration (one with a source address) that was never used
 * and has expired. Clients the provider issued, and those registered before registrations were
 * bounded, do not expire.
 */
export async function findOAuthClient(db: Db, clientId: string, now: Date) {
  const c = schema.oauthClients;
  const [row] = await db
    .select()
    .from(c)
    .where(
      and(
        eq(c.clientId, clientId),
        or(isNull(c.registeredFrom), isNotNull(c.lastUsedAt), gt(c.createdAt, unusedSince(now))),
      ),
    )
    .limit(1);
  return row;
}

/** A code or tokens were issued to the client: its registration is in use. */
export async function markClientUsed(db: Db, clientId: string, now: Date) {
  await db
    .update(schema.oauthClients)
    .set({ lastUsedAt: now })
    .where(eq(schema.oauthClients.clientId, clientId));
}

/** Registrations never used that have expired (no code or token can refer to them). */
export async function purgeUnusedRegistrations(db: Db, now: Date) {
  const c = schema.oauthClients;
  await db
    .delete(c)
    .where(
      and(isNotNull(c.registeredFrom), isNull(c.lastUsedAt), lt(c.createdAt, unusedSince(now))),
    );
}

/**
 * Counts a registration from `source` against the bound, after writing it: of many parallel
 * registrations, each counts every one committed before it, so at most `limit` are kept. The
 * ones over the bound are deleted again; the answer is how long until one is possible.
 */
export async function registrationsOverBound(
  db: Db,
  clientId: string,
  source: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<number | undefined> {
  const c = schema.oauthClients;
  const since = new Date(now.getTime() - windowSeconds * 1000);
  const recent = await db
    .select({ clientId: c.clientId, createdAt: c.createdAt })
    .from(c)
    .where(and(eq(c.registeredFrom, source), gt(c.createdAt, since)))
    .orderBy(c.createdAt);
  if (recent.length <= limit) return undefined;
  await db.delete(c).where(eq(c.clientId, clientId));
  const others = recent.filter((r) => r.clientId !== clientId);
  const freeing = others[others.length - limit]!.createdAt;
  return Math.max(1, Math.ceil((freeing.getTime() + windowSeconds * 1000 - now.getTime()) / 1000));
}

/** A confidential client's secret matches, or a public client sends none. */
export function clientAuthenticates(client: OAuthClientRow, sent: string | undefined): boolean {
  if (client.secretHash === null) return sent === undefined;
  return sent !== undefined && digest(sent) === client.secretHash;
}

export interface IssuedTokens {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  scope: string;
  refresh_token?: string;
  /**
   * Whose tokens they are (an extension of the token response, RFC 6749 §5.1 allows more
   * members): a client acting for a known account checks that the consent was that account's.
   */
  account_client_id: string;
  account_environment: string;
}

export interface TokenGrant {
  oauthClientId: string;
  accountClientId: string;
  environment: string;
  scope: string;
  /** The protected resource the tokens are for (RFC 8707). */
  resource: string;
  /** The grant the tokens come from: revoked together when a code or refresh token is reused. */
  familyId: string;
  withRefresh: boolean;
}

export async function issueTokens(db: Db, grant: TokenGrant, now: Date): Promise<IssuedTokens> {
  await db.delete(schema.oauthTokens).where(lt(schema.oauthTokens.expiresAt, now));
  await markClientUsed(db, grant.oauthClientId, now);
  const access = secret("mcpat_");
  const row = {
    oauthClientId: grant.oauthClientId,
    accountClientId: grant.accountClientId,
    environment: grant.environment,
    scope: grant.scope,
    resource: grant.resource,
    familyId: grant.familyId,
    createdAt: now,
  };
  await db.insert(schema.oauthTokens).values({
    ...row,
    tokenHash: digest(access),
    kind: "access",
    expiresAt: new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000),
  });
  let refresh: string | undefined;
  if (grant.withRefresh) {
    refresh = secret("mcprt_");
    await db.insert(schema.oauthTokens).values({
      ...row,
      tokenHash: digest(refresh),
      kind: "refresh",
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000),
    });
  }
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_SECONDS,
    scope: grant.scope,
    ...(refresh ? { refresh_token: refresh } : {}),
    account_client_id: grant.accountClientId,
    account_environment: grant.environment,
  };
}

/** A live token of this kind, or undefined (unknown, expired or revoked). */
export async function findToken(db: Db, token: string, kind: "access" | "refresh", now: Date) {
  const [row] = await db
    .select()
    .from(schema.oauthTokens)
    .where(
      and(
        eq(schema.oauthTokens.tokenHash, digest(token)),
        eq(schema.oauthTokens.kind, kind),
        isNull(schema.oauthTokens.revokedAt),
      ),
    )
    .limit(1);
  return row && row.expiresAt > now ? row : undefined;
}

/** The refresh token `token` of one client, live or not. */
function refreshTokenOf(token: string, oauthClientId: string) {
  const t = schema.oauthTokens;
  return and(
    eq(t.tokenHash, digest(token)),
    eq(t.kind, "refresh"),
    eq(t.oauthClientId, oauthClientId),
  );
}

/**
 * Takes a refresh token for one rotation: revokes it and returns it, or undefined when it is
 * unknown, expired, already used or another client's. One statement: of parallel refreshes with
 * one token, one gets it (the others wait for its row lock and then find it revoked).
 */
export async function claimRefreshToken(db: Db, token: string, oauthClientId: string, now: Date) {
  const t = schema.oauthTokens;
  const live = and(refreshTokenOf(token, oauthClientId), isNull(t.revokedAt), gt(t.expiresAt, now));
  const [row] = await db.update(t).set({ revokedAt: now }).where(live).returning();
  return row;
}

/** A refresh token of this client that was used (or revoked) already: a reuse. */
export async function spentRefreshToken(db: Db, token: string, oauthClientId: string) {
  const t = schema.oauthTokens;
  const [row] = await db
    .select({ familyId: t.familyId })
    .from(t)
    .where(and(refreshTokenOf(token, oauthClientId), isNotNull(t.revokedAt)))
    .limit(1);
  return row;
}

/** A token of this client, of either kind, live or not (for revocation, RFC 7009). */
export async function tokenOfClient(db: Db, token: string, oauthClientId: string) {
  const t = schema.oauthTokens;
  const [row] = await db
    .select({ tokenHash: t.tokenHash, familyId: t.familyId })
    .from(t)
    .where(and(eq(t.tokenHash, digest(token)), eq(t.oauthClientId, oauthClientId)))
    .limit(1);
  return row;
}

/** Revokes every live token of one token family (RFC 9700 §2.2.2, §4.14): returns how many. */
export async function revokeTokenFamily(db: Db, familyId: string, now: Date): Promise<number> {
  const t = schema.oauthTokens;
  const revoked = await db
    .update(t)
    .set({ revokedAt: now })
    .where(and(eq(t.familyId, familyId), isNull(t.revokedAt)))
    .returning({ tokenHash: t.tokenHash });
  return revoked.length;
}

/**
 * Takes an authorization code for its one redemption: marks it used and returns it, when it is
 * this client's, unexpired, unused, for this redirect address and PKCE verifier. One statement,
 * so of parallel redemptions one gets it.
 */
export async function claimCode(
  db: Db,
  code: string,
  check: { oauthClientId: string; redirectUri: string; codeChallenge: string },
  now: Date,
) {
  const c = schema.oauthCodes;
  return claimOnce(
    db,
    c,
    { usedAt: "usedAt", expiresAt: c.expiresAt, now },
    eq(c.codeHash, digest(code)),
    eq(c.oauthClientId, check.oauthClientId),
    eq(c.redirectUri, check.redirectUri),
    eq(c.codeChallenge, check.codeChallenge),
  );
}

/** Whether this client's code was redeemed before: a second use. */
export async function codeWasUsed(db: Db, code: string, oauthClientId: string): Promise<boolean> {
  const c = schema.oauthCodes;
  const [row] = await db
    .select({ usedAt: c.usedAt })
    .from(c)
    .where(and(eq(c.codeHash, digest(code)), eq(c.oauthClientId, oauthClientId)))
    .limit(1);
  return row?.usedAt != null;
}

/** The token family of the tokens redeemed from a code: the code's own digest. */
export const codeTokenFamily = (code: string) => `code:${digest(code)}`;
