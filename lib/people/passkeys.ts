import "server-only";
import { randomUUID } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, asc, eq, lt } from "drizzle-orm";
import { headers } from "next/headers";
import { claimOnce } from "@/lib/db/claim-once";
import { isLoopbackHost } from "@/lib/api/contract/vin";
import { consoleConfig } from "@/lib/config/console-env";
import { getStore } from "@/lib/store/db";
import { passkeys, webauthnChallenges } from "@/lib/store/schema";

/**
 * Passkeys through the maintained `@simplewebauthn/server`: registration and sign-in
 * ceremonies whose challenges live in the shared store (single-use, 5 minutes), so any console
 * instance finishes what another began. The relying party is the console's public address; on a
 * loopback address (the quickstart, the tests) `localhost`, since a WebAuthn relying party must
 * be a domain name, never an IP address.
 */
const CHALLENGE_SECONDS = 300;
const RP_NAME = "Vehicle and Parts console";

export type CeremonyPurpose = "register" | "sign-in" | "step-up" | "invite" | "link";

/** The relying party of the request being answered: its id and the origin the browser is on. */
async function relyingParty(): Promise<{ rpID: string; origin: string }> {
  const publicUrl = new URL(consoleConfig().CONSOLE_PUBLIC_URL);
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? publicUrl.host;
  const proto = h.get("x-forwarded-proto") ?? publicUrl.protocol.replace(":", "");
  const asked = new URL(`${proto}://${host}`);
  // The console answers on its public address, or on loopback (the same port) for the quickstart.
  const loopback = isLoopbackHost(asked.hostname) && isLoopbackHost(publicUrl.hostname);
  const origin = loopback ? asked.origin : publicUrl.origin;
  const hostname = loopback ? asked.hostname : publicUrl.hostname;
  return { rpID: /^[\d.]+$|^\[/.test(hostname) ? "localhost" : hostname, origin };
}

async function keepChallenge(
  challenge: string,
  purpose: CeremonyPurpose,
  state: Record<string, string>,
): Promise<string> {
  const db = await getStore();
  const id = randomUUID();
  const now = new Date();
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({
    id,
    challenge,
    purpose,
    state,
    expiresAt: new Date(now.getTime() + CHALLENGE_SECONDS * 1000),
  });
  return id;
}

/**
 * Takes a ceremony's challenge for its one use, with what the browser's answer must then match
 * (the challenge, this request's origin and relying party, a verified user): undefined when the
 * challenge is unknown, used, expired or for something else.
 */
async function claimChallenge(id: string, purpose: CeremonyPurpose) {
  const t = webauthnChallenges;
  const marks = { usedAt: "usedAt", expiresAt: t.expiresAt, now: new Date() } as const;
  const claimed = await claimOnce(await getStore(), t, marks, eq(t.id, id), eq(t.purpose, purpose));
  if (!claimed) return undefined;
  const { rpID, origin } = await relyingParty();
  const expected = {
    expectedChallenge: claimed.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  };
  return { state: claimed.state, expected };
}

export interface Passkey {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** What a person sees of their passkeys (never the public key or counter). */
const listedColumns = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

export async function passkeysOf(personId: string): Promise<Passkey[]> {
  const db = await getStore();
  return db
    .select(listedColumns)
    .from(passkeys)
    .where(eq(passkeys.personId, personId))
    .orderBy(asc(passkeys.createdAt));
}

/**
 * Options to create a passkey, for a person who exists (`personId`) or one who will once the
 * ceremony ends (an invitation's new member): `state` travels with the challenge.
 */
export async function registrationOptions(
  user: { id: string; email: string; name: string },
  purpose: "register" | "invite",
  state: Record<string, string>,
): Promise<{ ceremony: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const { rpID } = await relyingParty();
  const db = await getStore();
  const existing = await db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.personId, user.id));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports ?? undefined })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  const ceremony = await keepChallenge(options.challenge, purpose, { ...state, personId: user.id });
  return { ceremony, options };
}

/**
 * Finishes a registration: the response verified against its single-use challenge, the
 * credential kept for the person. Returns the ceremony's state, or undefined when it fails.
 */
export async function finishRegistration(
  ceremony: string,
  purpose: "register" | "invite",
  response: RegistrationResponseJSON,
  name: string,
): Promise<Record<string, string> | undefined> {
  const claimed = await claimChallenge(ceremony, purpose);
  if (!claimed) return undefined;
  const verified = await verifyRegistrationResponse({ response, ...claimed.expected }).catch(
    () => undefined,
  );
  if (!verified?.verified) return undefined;
  const { credential } = verified.registrationInfo;
  const db = await getStore();
  await db.insert(passkeys).values({
    id: credential.id,
    personId: claimed.state.personId!,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: credential.transports ?? null,
    name: name.trim().slice(0, 80) || "Passkey",
  });
  return claimed.state;
}

/**
 * Options to sign in or confirm with a passkey: any passkey of this console (the browser offers
 * the person's own), or, for a step-up or a link, one of the named person's.
 */
export async function authenticationOptions(
  purpose: "sign-in" | "step-up" | "link",
  personId?: string,
): Promise<{ ceremony: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const { rpID } = await relyingParty();
  const db = await getStore();
  const allow = personId
    ? await db
        .select({ id: passkeys.id, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.personId, personId))
    : [];
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: "required",
    allowCredentials: allow.map((c) => ({ id: c.id, transports: c.transports ?? undefined })),
  });
  const ceremony = await keepChallenge(options.challenge, purpose, personId ? { personId } : {});
  return { ceremony, options };
}

/**
 * What an assertion proved: the person whose passkey it was, or that it failed, naming whose
 * stored passkey it claimed to be (so the refusal can be audited for them) when one was found.
 */
export type PasskeyAssertion =
  { verified: true; personId: string } | { verified: false; claimedBy?: string };

/**
 * Finishes a sign-in or step-up: the assertion verified with the stored public key, its counter
 * moved on (a counter that goes back means a cloned authenticator: refused).
 */
export async function finishAuthentication(
  ceremony: string,
  purpose: "sign-in" | "step-up" | "link",
  response: AuthenticationResponseJSON,
): Promise<PasskeyAssertion> {
  const claimed = await claimChallenge(ceremony, purpose);
  if (!claimed) return { verified: false };
  const db = await getStore();
  const [stored] = await db.select().from(passkeys).where(eq(passkeys.id, response.id)).limit(1);
  if (!stored) return { verified: false };
  if (claimed.state.personId && claimed.state.personId !== stored.personId)
    return { verified: false };
  const refused = { verified: false, claimedBy: stored.personId } as const;
  const verified = await verifyAuthenticationResponse({
    response,
    ...claimed.expected,
    credential: {
      id: stored.id,
      publicKey: new Uint8Array(Buffer.from(stored.publicKey, "base64url")),
      counter: stored.counter,
      transports: stored.transports ?? undefined,
    },
  }).catch(() => undefined);
  if (!verified?.verified) return refused;
  await db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, stored.id));
  return { verified: true, personId: stored.personId };
}

export async function removePasskey(personId: string, id: string) {
  const db = await getStore();
  await db.delete(passkeys).where(and(eq(passkeys.personId, personId), eq(passkeys.id, id)));
}
