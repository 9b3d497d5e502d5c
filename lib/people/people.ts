import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import { decryptSecret, deriveKey, encryptSecret } from "@/lib/auth/secret-box";
import { consoleConfig } from "@/lib/config/console-env";
import { firstFields } from "@/lib/db/first-row";
import { getStore } from "@/lib/store/db";
import { organizations, people, sessions } from "@/lib/store/schema";
import { hashPassword } from "./passwords";
import { acceptedStep } from "./totp";

export type Person = Omit<typeof people.$inferSelect, "passwordHash" | "totpCiphertext">;

const totpKey = () => deriveKey(consoleConfig().SESSION_SECRET, "totp-secret-at-rest");

/** An email address as one person: trimmed and in lower case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

const publicColumns = {
  id: people.id,
  email: people.email,
  name: people.name,
  totpConfirmedAt: people.totpConfirmedAt,
  totpLastStep: people.totpLastStep,
  language: people.language,
  formats: people.formats,
  timeZone: people.timeZone,
  createdAt: people.createdAt,
};

export async function personByEmail(email: string): Promise<Person | undefined> {
  return firstFields(await getStore(), publicColumns, people, eq(people.email, normalEmail(email)));
}

export async function personById(id: string): Promise<Person | undefined> {
  return firstFields(await getStore(), publicColumns, people, eq(people.id, id));
}

/** What a password sign-in checks: the stored hash, and whether a second factor is set up. */
export async function credentialsOf(email: string) {
  const fields = { id: people.id, passwordHash: people.passwordHash };
  return firstFields(await getStore(), fields, people, eq(people.email, normalEmail(email)));
}

/**
 * A new person with a password and a TOTP secret, confirmed when `totpStep` is the step of the
 * code they entered from it (checked before anything is stored, so a wrong code leaves no
 * half-made person). Refused (undefined) when the address has a person.
 */
export async function createPerson(input: {
  email: string;
  name: string;
  password: string;
  totpSecret: string;
  totpStep?: number;
  /** Their language, formats and time zone, where chosen for them (a demo person's). */
  choices?: { language?: string; formats?: string; timeZone?: string };
}): Promise<Person | undefined> {
  const db = await getStore();
  const [row] = await db
    .insert(people)
    .values({
      id: randomUUID(),
      email: normalEmail(input.email),
      name: input.name.trim(),
      passwordHash: await hashPassword(input.password),
      totpCiphertext: encryptSecret(input.totpSecret, totpKey()),
      totpLastStep: input.totpStep ?? null,
      totpConfirmedAt: input.totpStep === undefined ? null : new Date(),
      language: input.choices?.language ?? null,
      formats: input.choices?.formats ?? null,
      timeZone: input.choices?.timeZone ?? null,
    })
    .onConflictDoNothing()
    .returning(publicColumns);
  return row;
}

/** A person who signs in with passkeys or single sign-on only (no password, no codes), under a chosen id. */
export async function createPasskeyPerson(input: {
  id: string;
  email: string;
  name: string;
}): Promise<Person | undefined> {
  const db = await getStore();
  const [row] = await db
    .insert(people)
    .values({ id: input.id, email: normalEmail(input.email), name: input.name.trim() })
    .onConflictDoNothing()
    .returning(publicColumns);
  return row;
}

/** Whether a person can confirm with a code (they set up an authenticator app). */
export async function hasTotp(personId: string): Promise<boolean> {
  const fields = { confirmed: people.totpConfirmedAt };
  const row = await firstFields(await getStore(), fields, people, eq(people.id, personId));
  return Boolean(row?.confirmed);
}

/**
 * Checks a TOTP code of a person and uses its time step (a code works once, on every console
 * instance: the step is claimed in the same statement that checks it is newer). The first code
 * accepted also confirms the person's set-up.
 */
export async function claimTotpCode(
  personId: string,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const db = await getStore();
  const fields = {
    email: people.email,
    totpCiphertext: people.totpCiphertext,
    totpLastStep: people.totpLastStep,
  };
  const row = await firstFields(db, fields, people, eq(people.id, personId));
  if (!row?.totpCiphertext) return false;
  const secret = decryptSecret(row.totpCiphertext, totpKey());
  const step = acceptedStep(secret, row.email, code, row.totpLastStep, now.getTime());
  if (step === undefined) return false;
  const claimed = await db
    .update(people)
    .set({ totpLastStep: step })
    .where(
      and(eq(people.id, personId), or(isNull(people.totpLastStep), lt(people.totpLastStep, step))),
    )
    .returning({ id: people.id });
  // Keep the first confirmation's time.
  if (claimed.length)
    await db
      .update(people)
      .set({ totpConfirmedAt: now })
      .where(and(eq(people.id, personId), isNull(people.totpConfirmedAt)));
  return claimed.length > 0;
}

/** The TOTP secret a person is setting up, to show once more while they have not confirmed it. */
export async function pendingTotpSecret(personId: string): Promise<string | undefined> {
  const fields = { totpCiphertext: people.totpCiphertext, confirmed: people.totpConfirmedAt };
  const row = await firstFields(await getStore(), fields, people, eq(people.id, personId));
  return row?.totpCiphertext && !row.confirmed
    ? decryptSecret(row.totpCiphertext, totpKey())
    : undefined;
}

export interface PersonSession {
  idHash: string;
  organizationName: string | null;
  device: string | null;
  sourceAddress: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** A person's live sessions (in one organization, when named), the most recently used first. */
export async function sessionsOf(
  personId: string,
  organizationId?: string,
  now = new Date(),
): Promise<PersonSession[]> {
  const db = await getStore();
  return db
    .select({
      idHash: sessions.idHash,
      organizationName: organizations.name,
      device: sessions.device,
      sourceAddress: sessions.sourceAddress,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .leftJoin(organizations, eq(organizations.id, sessions.organizationId))
    .where(
      and(
        eq(sessions.personId, personId),
        organizationId ? eq(sessions.organizationId, organizationId) : undefined,
        gt(sessions.expiresAt, now),
        isNull(sessions.endedAt),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

/** Ends one of a person's own sessions (in one organization, when named): it signs out on its next request. */
export async function endPersonSession(
  personId: string,
  idHash: string,
  organizationId?: string,
  now = new Date(),
) {
  const db = await getStore();
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(
      and(
        eq(sessions.personId, personId),
        eq(sessions.idHash, idHash),
        organizationId ? eq(sessions.organizationId, organizationId) : undefined,
      ),
    );
}
