import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt } from "drizzle-orm";
import { type Db, schema } from "../db/database";
import { type KeyEnvironment } from "../domain/api-keys";

/**
 * The agent endpoint's OAuth state: clients (registered or seeded), short-lived access tokens and
 * rotating refresh tokens, all stored as digests and bound to one account and environment.
 */
export const ACCESS_TOKEN_SECONDS = 900;
export const REFRESH_TOKEN_DAYS = 30;

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
  },
  now: Date,
): Promise<{ clientId: string; clientSecret?: string }> {
  const clientId = `mcpc_${randomBytes(12).toString("base64url")}`;
  const clientSecret = input.confidential ? secret("mcps_") : undefined;
  await db.insert(schema.oauthClients).values({
    clientId,
    secretHash: clientSecret ? digest(clientSecret) : null,
    name: input.name,
    redirectUris: input.redirectUris,
    grantTypes: input.grantTypes,
    accountClientId: input.accountClientId ?? null,
    environment: input.environment ?? null,
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

export async function findOAuthClient(db: Db, clientId: string) {
  const [row] = await db
    .select()
    .from(schema.oauthClients)
    .where(eq(schema.oauthClients.clientId, clientId))
    .limit(1);
  return row;
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
}

export async function issueTokens(
  db: Db,
  grant: {
    oauthClientId: string;
    accountClientId: string;
    environment: string;
    scope: string;
    withRefresh: boolean;
  },
  now: Date,
): Promise<IssuedTokens> {
  await db.delete(schema.oauthTokens).where(lt(schema.oauthTokens.expiresAt, now));
  const access = secret("mcpat_");
  const row = {
    oauthClientId: grant.oauthClientId,
    accountClientId: grant.accountClientId,
    environment: grant.environment,
    scope: grant.scope,
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

/** Refresh tokens rotate: the one used is revoked as the new pair is issued. */
export async function revokeToken(db: Db, tokenHash: string, now: Date) {
  await db
    .update(schema.oauthTokens)
    .set({ revokedAt: now })
    .where(eq(schema.oauthTokens.tokenHash, tokenHash));
}
