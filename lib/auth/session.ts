import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, lt } from "drizzle-orm";
import { getIronSession, type SessionOptions, unsealData } from "iron-session";
import { cookies } from "next/headers";
import { consoleConfig } from "@/lib/config/console-env";
import { processState } from "@/lib/process-state";
import { getStore } from "@/lib/store/db";
import { sessions } from "@/lib/store/schema";
import { decryptSecret, deriveKey, encryptSecret } from "./secret-box";
import { VerifiedSeals } from "./verified-seals";

export const SESSION_COOKIE = "__Host-console_session";

export interface ConsoleSession {
  idHash: string;
  clientId: string;
  isMaster: boolean;
  environment: "production" | "sandbox" | "unknown";
  accountLabel: string | null;
  createdAt: Date;
  expiresAt: Date;
}

type CookieData = { sid?: string };

function cookieOptions(): SessionOptions {
  const config = consoleConfig();
  return {
    cookieName: SESSION_COOKIE,
    password: deriveKey(config.SESSION_SECRET, "session-cookie").toString("hex"),
    ttl: config.SESSION_ABSOLUTE_TIMEOUT_SECONDS,
    cookieOptions: { secure: true, httpOnly: true, sameSite: "lax", path: "/" },
  };
}

const digest = (sid: string) => createHash("sha256").update(sid).digest("hex");

/** Sessions touch `lastSeenAt` at most this often, to keep reads cheap. */
const TOUCH_AFTER_MS = 30_000;

export type SessionState =
  | { kind: "none" }
  | { kind: "expired" }
  | { kind: "active"; session: ConsoleSession; apiKey: string };

/** Cookies unsealed before, by their text: at most this many browsers' worth (about 0.3 MB). */
const verifiedSeals = processState("verified-seals", () => new VerifiedSeals<CookieData>(1_000));

/** The session id a cookie carries; iron-session unseals it the first time this text is seen. */
async function sessionIdOf(seal: string): Promise<string | undefined> {
  const known = verifiedSeals.get(seal, Date.now());
  if (known) return known.sid;
  const options = cookieOptions();
  const content = await unsealData<CookieData>(seal, {
    password: options.password,
    ttl: options.ttl,
  });
  if (!content.sid) return undefined;
  verifiedSeals.remember(seal, content);
  return content.sid;
}

/** Reads the cookie and the store; an idle or absolute expiry ends the session server-side. */
export async function readSession(): Promise<SessionState> {
  const seal = (await cookies()).get(SESSION_COOKIE)?.value;
  const sid = seal ? await sessionIdOf(seal) : undefined;
  if (!sid) return { kind: "none" };
  const config = consoleConfig();
  const db = await getStore();
  const idHash = digest(sid);
  const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash)).limit(1);
  const now = Date.now();
  if (!row) return { kind: "expired" };
  if (
    row.expiresAt.getTime() <= now ||
    now - row.lastSeenAt.getTime() > config.SESSION_IDLE_TIMEOUT_SECONDS * 1000
  ) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return { kind: "expired" };
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.idHash, idHash));
  }
  const apiKey = decryptSecret(
    row.keyCiphertext,
    deriveKey(config.SESSION_SECRET, "api-key-at-rest"),
  );
  return {
    kind: "active",
    apiKey,
    session: {
      idHash,
      clientId: row.clientId,
      isMaster: row.isMaster,
      environment: row.environment as ConsoleSession["environment"],
      accountLabel: row.accountLabel,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
    },
  };
}

/**
 * Starts a session with a fresh id from the CSPRNG (256 bits); any earlier session of this
 * browser ends first. Only callable from server actions and route handlers (it sets a cookie).
 */
export async function startSession(
  apiKey: string,
  info: Omit<ConsoleSession, "idHash" | "createdAt" | "expiresAt">,
) {
  const config = consoleConfig();
  const cookie = await getIronSession<CookieData>(await cookies(), cookieOptions());
  const db = await getStore();
  if (cookie.sid) await db.delete(sessions).where(eq(sessions.idHash, digest(cookie.sid)));
  const sid = randomBytes(32).toString("base64url");
  const now = new Date();
  await db.insert(sessions).values({
    idHash: digest(sid),
    clientId: info.clientId,
    isMaster: info.isMaster,
    environment: info.environment,
    accountLabel: info.accountLabel,
    keyCiphertext: encryptSecret(apiKey, deriveKey(config.SESSION_SECRET, "api-key-at-rest")),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + config.SESSION_ABSOLUTE_TIMEOUT_SECONDS * 1000),
  });
  // Expired rows of other browsers are cleaned up as sessions start.
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  cookie.sid = sid;
  await cookie.save();
}

/** Deletes the stored key and the cookie. */
export async function endSession() {
  const cookie = await getIronSession<CookieData>(await cookies(), cookieOptions());
  if (cookie.sid) {
    const db = await getStore();
    await db.delete(sessions).where(eq(sessions.idHash, digest(cookie.sid)));
  }
  cookie.destroy();
}

/**
 * One live session per Client (the most recently active), with its key: for the work the
 * console does on a signed-in Client's behalf while it runs (the scheduled usage reading).
 * Idle or expired sessions are left out; their keys are not used.
 */
export async function liveSessionKeys(
  now = new Date(),
): Promise<{ clientId: string; isMaster: boolean; apiKey: string }[]> {
  const config = consoleConfig();
  const db = await getStore();
  const idleSince = new Date(now.getTime() - config.SESSION_IDLE_TIMEOUT_SECONDS * 1000);
  const rows = await db
    .selectDistinctOn([sessions.clientId], {
      clientId: sessions.clientId,
      isMaster: sessions.isMaster,
      keyCiphertext: sessions.keyCiphertext,
    })
    .from(sessions)
    .where(and(gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)))
    .orderBy(sessions.clientId, desc(sessions.lastSeenAt));
  const key = deriveKey(config.SESSION_SECRET, "api-key-at-rest");
  return rows.map((r) => ({
    clientId: r.clientId,
    isMaster: r.isMaster,
    apiKey: decryptSecret(r.keyCiphertext, key),
  }));
}
