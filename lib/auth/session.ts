import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { getIronSession, type SessionOptions, unsealData } from "iron-session";
import { cookies } from "next/headers";
import { consoleConfig } from "@/lib/config/console-env";
import { processState } from "@/lib/process-state";
import { getStore } from "@/lib/store/db";
import { memberships, organizations, people, sessions } from "@/lib/store/schema";
import { isRole, type Role } from "./roles";
import { decryptSecret, deriveKey, encryptSecret } from "./secret-box";
import { VerifiedSeals } from "./verified-seals";

export const SESSION_COOKIE = "__Host-console_session";

/** Who acts in a session: a person signed in as themselves, or whoever holds the Client's key. */
export type Actor =
  { kind: "key" } | { kind: "person"; personId: string; email: string; name: string };

export interface ConsoleSession {
  idHash: string;
  clientId: string;
  isMaster: boolean;
  environment: "production" | "sandbox" | "unknown";
  accountLabel: string | null;
  /** The organization the session acts for: what the console keeps is read and written per organization. */
  organizationId: string;
  organizationName: string | null;
  /**
   * The organization whose identity provider signed the session in, until the person confirms
   * with their own passkey or code: it acts in that organization only.
   */
  ssoOrganizationId: string | null;
  actor: Actor;
  /** A person's role in the organization, read on every request; a key holder acts as owner. */
  role: Role;
  /** When the person last confirmed with a passkey or second factor (step-up). */
  steppedUpAt: Date | null;
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
  /** The person's access to the organization ended (removed, or every session ended by an admin). */
  | { kind: "revoked" }
  | {
      kind: "active";
      session: ConsoleSession;
      apiKey: string;
      /** The person's own language and formats, if they chose any (`lib/i18n/preferences.ts`). */
      choices: PersonChoices | null;
    };

export interface PersonChoices {
  language: string | null;
  formats: string | null;
  timeZone: string | null;
}

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
  const [found] = await db
    .select({
      session: sessions,
      organization: {
        name: organizations.name,
        keyCiphertext: organizations.keyCiphertext,
        keySignIn: organizations.keySignIn,
      },
      role: memberships.role,
      person: {
        email: people.email,
        name: people.name,
        language: people.language,
        formats: people.formats,
        timeZone: people.timeZone,
      },
    })
    .from(sessions)
    .leftJoin(organizations, eq(organizations.id, sessions.organizationId))
    .leftJoin(
      memberships,
      and(
        eq(memberships.organizationId, sessions.organizationId),
        eq(memberships.personId, sessions.personId),
      ),
    )
    .leftJoin(people, eq(people.id, sessions.personId))
    .where(eq(sessions.idHash, idHash))
    .limit(1);
  const now = Date.now();
  if (!found) return { kind: "expired" };
  const { session: row, organization, person } = found;
  if (
    row.expiresAt.getTime() <= now ||
    now - row.lastSeenAt.getTime() > config.SESSION_IDLE_TIMEOUT_SECONDS * 1000
  ) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return { kind: "expired" };
  }
  // A person removed from the organization (or whose organization is gone), and a key holder
  // once the owner turned key sign-in off, are signed out on the next request, whichever
  // console instance answers it.
  const role = row.personId ? found.role : "owner";
  const ended =
    row.endedAt ||
    !row.organizationId ||
    !organization ||
    (row.personId ? !isRole(role) || !person : !organization.keySignIn);
  if (ended) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return { kind: "revoked" };
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.idHash, idHash));
  }
  const keyAtRest = deriveKey(config.SESSION_SECRET, "api-key-at-rest");
  const ciphertext = row.personId ? organization.keyCiphertext : row.keyCiphertext;
  if (!ciphertext) return { kind: "expired" };
  return {
    kind: "active",
    apiKey: decryptSecret(ciphertext, keyAtRest),
    choices:
      row.personId && person
        ? { language: person.language, formats: person.formats, timeZone: person.timeZone }
        : null,
    session: {
      idHash,
      clientId: row.clientId,
      isMaster: row.isMaster,
      environment: row.environment as ConsoleSession["environment"],
      accountLabel: row.accountLabel,
      organizationId: row.organizationId!,
      organizationName: organization.name,
      ssoOrganizationId: row.ssoOrganizationId,
      actor:
        row.personId && person
          ? { kind: "person", personId: row.personId, email: person.email, name: person.name }
          : { kind: "key" },
      role: role as Role,
      steppedUpAt: row.steppedUpAt,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
    },
  };
}

/** Where a request comes from: the browser as it names itself, and the address a proxy saw. */
export interface RequestOrigin {
  device: string | null;
  sourceAddress: string | null;
}

/** The Client and environment a session acts for, and for whom. */
export type SessionStart = Pick<ConsoleSession, "clientId" | "isMaster" | "environment"> & {
  accountLabel: string | null;
  organizationId: string;
} & (
    | {
        personId: string;
        steppedUp: boolean;
        /** Signed in by this organization's identity provider (it counts as a step-up there only). */
        bySingleSignOn?: boolean;
      }
    | { personId?: undefined; apiKey: string }
  );

/**
 * Starts a session with a fresh id from the CSPRNG (256 bits); any earlier session of this
 * browser ends first. A key holder's session keeps the key it signed in with, encrypted; a
 * person's keeps none (it uses the organization's). Only callable from server actions and route
 * handlers (it sets a cookie).
 */
export async function startSession(start: SessionStart, origin: RequestOrigin) {
  const config = consoleConfig();
  const cookie = await getIronSession<CookieData>(await cookies(), cookieOptions());
  const db = await getStore();
  if (cookie.sid) await db.delete(sessions).where(eq(sessions.idHash, digest(cookie.sid)));
  const sid = randomBytes(32).toString("base64url");
  const now = new Date();
  await db.insert(sessions).values({
    idHash: digest(sid),
    clientId: start.clientId,
    isMaster: start.isMaster,
    environment: start.environment,
    accountLabel: start.accountLabel,
    organizationId: start.organizationId,
    personId: start.personId ?? null,
    keyCiphertext:
      start.personId === undefined
        ? encryptSecret(start.apiKey, deriveKey(config.SESSION_SECRET, "api-key-at-rest"))
        : null,
    device: origin.device?.slice(0, 300) ?? null,
    sourceAddress: origin.sourceAddress?.slice(0, 100) ?? null,
    steppedUpAt: start.personId !== undefined && start.steppedUp ? now : null,
    ssoOrganizationId:
      start.personId !== undefined && start.bySingleSignOn ? start.organizationId : null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + config.SESSION_ABSOLUTE_TIMEOUT_SECONDS * 1000),
  });
  // Expired rows of other browsers are cleaned up as sessions start.
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  cookie.sid = sid;
  await cookie.save();
}

/**
 * Moves a person's session to another organization they belong to. A confirmation never moves
 * with it: the person confirms again there before a dangerous action.
 */
export async function switchSessionOrganization(
  idHash: string,
  to: Pick<ConsoleSession, "clientId" | "isMaster" | "environment"> & {
    organizationId: string;
    accountLabel: string | null;
  },
) {
  const db = await getStore();
  await db
    .update(sessions)
    .set({
      organizationId: to.organizationId,
      clientId: to.clientId,
      isMaster: to.isMaster,
      environment: to.environment,
      accountLabel: to.accountLabel,
      steppedUpAt: null,
    })
    .where(eq(sessions.idHash, idHash));
}

/**
 * Records that the person just confirmed with their own passkey or code: from then on the
 * session is theirs, not only their identity provider's.
 */
export async function markSteppedUp(idHash: string, at = new Date()) {
  const db = await getStore();
  await db
    .update(sessions)
    .set({ steppedUpAt: at, ssoOrganizationId: null })
    .where(eq(sessions.idHash, idHash));
}

/** Ends one session (on every instance, at its next request). */
export async function endSessionById(idHash: string, at = new Date()) {
  const db = await getStore();
  await db.update(sessions).set({ endedAt: at }).where(eq(sessions.idHash, idHash));
}

/** Ends the key sessions of an organization: each signs out on its next request. */
export async function endKeySessions(organizationId: string, at = new Date()) {
  const db = await getStore();
  await db
    .update(sessions)
    .set({ endedAt: at })
    .where(and(eq(sessions.organizationId, organizationId), isNull(sessions.personId)));
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
): Promise<{ clientId: string; organizationId: string; isMaster: boolean; apiKey: string }[]> {
  const config = consoleConfig();
  const db = await getStore();
  const idleSince = new Date(now.getTime() - config.SESSION_IDLE_TIMEOUT_SECONDS * 1000);
  const rows = await db
    .selectDistinctOn([sessions.clientId], {
      clientId: sessions.clientId,
      organizationId: sql<string>`${sessions.organizationId}`,
      isMaster: sessions.isMaster,
      keyCiphertext: sql<string>`coalesce(${sessions.keyCiphertext}, ${organizations.keyCiphertext})`,
    })
    .from(sessions)
    .leftJoin(organizations, eq(organizations.id, sessions.organizationId))
    .where(
      and(
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
        isNull(sessions.endedAt),
        isNotNull(sessions.organizationId),
        or(isNotNull(sessions.keyCiphertext), isNotNull(organizations.keyCiphertext)),
      ),
    )
    .orderBy(sessions.clientId, desc(sessions.lastSeenAt));
  const key = deriveKey(config.SESSION_SECRET, "api-key-at-rest");
  return rows.map((r) => ({
    clientId: r.clientId,
    organizationId: r.organizationId,
    isMaster: r.isMaster,
    apiKey: decryptSecret(r.keyCiphertext, key),
  }));
}
