import { createHash, randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { type Db, schema } from "../../db/database";
import { type KeyEnvironment } from "@/lib/api/contract/api-keys";
import { gatesOf } from "./pilot-gates";

/**
 * The sandbox way to a first-party session: a pilot account signs in with its login and
 * password (docs/test-data.md), and gets the `__Host-service_session` cookie and a CSRF token.
 */
export const SESSION_HOURS = 8;

export const hashSessionToken = (token: string) =>
  createHash("sha256").update(`session|${token}`).digest("hex");

/** Constant-time comparison of two secrets (undefined never matches). */
export function sameSecret(sent: string | undefined, expected: string): boolean {
  if (sent === undefined) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt:${salt.toString("base64url")}:${scryptSync(password, salt, 32).toString("base64url")}`;
}

function passwordMatches(password: string, stored: string): boolean {
  const [scheme, salt, digest] = stored.split(":");
  if (scheme !== "scrypt" || !salt || !digest) return false;
  const expected = Buffer.from(digest, "base64url");
  const actual = scryptSync(password, Buffer.from(salt, "base64url"), expected.length);
  return timingSafeEqual(actual, expected);
}

/** A password to hand out once (demo credentials): 20 characters from a URL-safe alphabet. */
export const newPassword = () => randomBytes(15).toString("base64url");

export interface PilotSession {
  token: string;
  csrfToken: string;
  clientId: string;
  environment: KeyEnvironment;
  expiresAt: Date;
}

export type SignInOutcome =
  { ok: true; session: PilotSession } | { ok: false; reason: "credentials" | "not_enabled" };

/**
 * Checks a login and password and opens a session. Only an active Client allowlisted for the
 * pilot in the sign-in's environment gets one; the answer does not say which part was wrong.
 */
/** The account behind a login and password, or null; a missing login costs as much as a wrong password. */
export async function checkSignIn(db: Db, login: string, password: string) {
  const [found] = await db
    .select({
      clientId: schema.serviceSignIns.clientId,
      environment: schema.serviceSignIns.environment,
      passwordHash: schema.serviceSignIns.passwordHash,
      isActive: schema.clients.isActive,
      pilot: schema.clients.intelligencePilot,
      agentAccess: schema.clients.agentAccess,
    })
    .from(schema.serviceSignIns)
    .innerJoin(schema.clients, eq(schema.clients.id, schema.serviceSignIns.clientId))
    .where(eq(schema.serviceSignIns.login, login.trim().toLowerCase()))
    .limit(1);
  const matches = passwordMatches(password, found?.passwordHash ?? hashPassword("-"));
  if (!found || !matches) return null;
  return { ...found, environment: found.environment as KeyEnvironment };
}

export async function signIn(
  db: Db,
  login: string,
  password: string,
  now: Date,
): Promise<SignInOutcome> {
  const found = await checkSignIn(db, login, password);
  if (!found) return { ok: false, reason: "credentials" };
  const environment = found.environment;
  if (!found.isActive || !gatesOf(found.pilot, environment).allowlisted)
    return { ok: false, reason: "not_enabled" };
  const token = randomBytes(32).toString("base64url");
  const csrfToken = randomBytes(24).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_HOURS * 3_600_000);
  await db.delete(schema.pilotSessions).where(lt(schema.pilotSessions.expiresAt, now));
  await db.insert(schema.pilotSessions).values({
    tokenHash: hashSessionToken(token),
    clientId: found.clientId,
    environment,
    csrfToken,
    createdAt: now,
    expiresAt,
  });
  return {
    ok: true,
    session: { token, csrfToken, clientId: found.clientId, environment, expiresAt },
  };
}

/** The session behind a cookie value, while it lasts. */
export async function findSession(db: Db, token: string, now: Date) {
  const [found] = await db
    .select()
    .from(schema.pilotSessions)
    .where(eq(schema.pilotSessions.tokenHash, hashSessionToken(token)))
    .limit(1);
  return found && found.expiresAt > now ? found : undefined;
}

export async function signOut(db: Db, token: string) {
  await db
    .delete(schema.pilotSessions)
    .where(and(eq(schema.pilotSessions.tokenHash, hashSessionToken(token))));
}
