"use server";

import { eq } from "drizzle-orm";
import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { serverWords } from "@/lib/actions/server-words";
import { FORMATS_COOKIE, TIME_ZONE_COOKIE } from "@/lib/i18n/formats";
import { LANGUAGE_COOKIE } from "@/lib/i18n/languages";
import { preferencesInput } from "@/lib/i18n/preferences-input";
import { getStore } from "@/lib/store/db";
import { people } from "@/lib/store/schema";
import { type ActionResult, done, refused } from "@/lib/actions/action-result";
import { actionSession } from "@/lib/auth/guards";
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { type ConsoleSession, switchSessionOrganization } from "@/lib/auth/session";
import { deviceInWords, requestOrigin } from "@/lib/http/request-origin";
import { ceremonyResponse, passkeyName } from "@/lib/people/passkey-input";
import {
  finishRegistration,
  passkeysOf,
  registrationOptions,
  removePasskey,
} from "@/lib/people/passkeys";

/** Whether a person can confirm with a factor of their own (a passkey, or an authenticator app). */
async function hasOwnFactor(personId: string): Promise<boolean> {
  return (await hasTotp(personId)) || (await passkeysOf(personId)).length > 0;
}
import { organizationsOf } from "@/lib/people/organizations";
import { endPersonSession, hasTotp } from "@/lib/people/people";
import { needsStepUp, STEP_UP_REQUIRED } from "@/lib/people/step-up";
import { recordPersonAudit } from "@/lib/people/person-audit";
import { FORM_BOUNDS } from "@/lib/validation/form-bounds";

/** The refusals' words, in the person's language. */
const refusalWords = () => getTranslations("account.refusals");

/** A person's own session, on this device or another: it ends on its next request. */
export async function endOwnSessionAction(input: { id: string }): Promise<ActionResult<null>> {
  const signed = await actionSession();
  if ("refused" in signed) return refused(signed.refused, (await refusalWords())("signInAgain"));
  const { actor } = signed.session;
  if (actor.kind !== "person") return refused("not_a_person", (await refusalWords())("notPerson"));
  if (typeof input?.id !== "string" || !/^[0-9a-f]{64}$/.test(input.id))
    return refused("invalid_input", (await refusalWords())("unknownSession"));
  // A session a provider signed in reaches the person's sessions in its organization only.
  await endPersonSession(actor.personId, input.id, signed.session.ssoOrganizationId ?? undefined);
  revalidatePath("/account");
  return done(null);
}

/**
 * Moves the session to another organization the person belongs to; every page says which is
 * active. A confirmation stays behind (the person confirms again there before a dangerous
 * action), and a session an identity provider signed in moves only once the person confirmed
 * with their own passkey or code: that provider vouches for them in its own organization only.
 */
export async function switchOrganizationAction(input: {
  organizationId: string;
}): Promise<ActionResult<null>> {
  const signed = await actionSession();
  if ("refused" in signed) return refused(signed.refused, (await refusalWords())("signInAgain"));
  const { session } = signed;
  if (session.actor.kind !== "person")
    return refused("not_a_person", (await refusalWords())("notPerson"));
  const target = (await organizationsOf(session.actor.personId)).find(
    (o) => o.id === input?.organizationId,
  );
  if (!target) return refused("not_a_member", (await refusalWords())("notMember"));
  if (session.ssoOrganizationId && session.ssoOrganizationId !== target.id)
    return (await hasOwnFactor(session.actor.personId))
      ? refused(STEP_UP_REQUIRED.code, (await serverWords("people.stepUp"))("required"))
      : refused(
          "single_sign_on_only",
          session.organizationName
            ? (await refusalWords())("singleSignOnOnly", {
                signedIn: session.organizationName,
                target: target.name,
              })
            : (await refusalWords())("singleSignOnOnlyHere", { target: target.name }),
        );
  await switchSessionOrganization(session.idHash, {
    organizationId: target.id,
    clientId: target.clientId,
    isMaster: target.isMaster,
    environment: target.environment as "production" | "sandbox" | "unknown",
    accountLabel: target.name,
  });
  // In the log of the organization the person moved to, with their role there.
  await recordPersonAudit(ownPerson(session.actor), target, {
    operationId: "console.switchOrganization",
    outcome: "success",
  });
  revalidatePath("/", "layout");
  return done(null);
}

/** The signed-in person, as the audit log names them. */
const ownPerson = (actor: { personId: string; email: string }) => ({
  id: actor.personId,
  email: actor.email,
});

/** Where the session acts: its organization, that organization's Client and the person's role. */
const membershipOf = (session: ConsoleSession) => ({
  id: session.organizationId,
  clientId: session.clientId,
  role: session.role,
});

async function signedInPerson() {
  const signed = await actionSession();
  if ("refused" in signed) return refused(signed.refused, (await refusalWords())("signInAgain"));
  const { session } = signed;
  if (session.actor.kind !== "person")
    return refused("not_a_person", (await refusalWords())("notPerson"));
  return { session, actor: session.actor };
}

/**
 * Changing a person's factors (adding or removing a passkey) needs a fresh confirmation with a
 * factor they have: whoever holds only their session cannot add a way in of their own. A passkey
 * is the person's, in every organization, so a sign-on (which vouches in its own organization
 * only) is not enough while the person has a factor to confirm with.
 */
async function confirmed(session: ConsoleSession, personId: string) {
  const vouchedOnly = session.ssoOrganizationId !== null && (await hasOwnFactor(personId));
  if (!needsStepUp(session) && !vouchedOnly) return undefined;
  return refused(STEP_UP_REQUIRED.code, (await serverWords("people.stepUp"))("required"));
}

/** The challenge to add a passkey to the signed-in person's sign-in. */
export async function addPasskeyOptionsAction(): Promise<
  ActionResult<{ ceremony: string; options: PublicKeyCredentialCreationOptionsJSON }>
> {
  const me = await signedInPerson();
  if ("ok" in me) return me;
  const unconfirmed = await confirmed(me.session, me.actor.personId);
  if (unconfirmed) return unconfirmed;
  const { actor } = me;
  return done(
    await registrationOptions(
      { id: actor.personId, email: actor.email, name: actor.name },
      "register",
      {},
    ),
  );
}

/** Keeps the passkey the browser created. Adding one is never itself a confirmation. */
export async function addPasskeyAction(input: unknown): Promise<ActionResult<null>> {
  const me = await signedInPerson();
  if ("ok" in me) return me;
  const unconfirmed = await confirmed(me.session, me.actor.personId);
  if (unconfirmed) return unconfirmed;
  const parsed = ceremonyResponse.extend({ name: passkeyName }).safeParse(input);
  if (!parsed.success) return refused("invalid_input", (await refusalWords())("passkeyUnreadable"));
  const state = await finishRegistration(
    parsed.data.ceremony,
    "register",
    parsed.data.response as unknown as RegistrationResponseJSON,
    parsed.data.name || deviceInWords((await requestOrigin()).device),
  );
  if (!state || state.personId !== me.actor.personId)
    return refused("passkey_refused", (await refusalWords())("passkeyRefused"));
  await recordPersonAudit(ownPerson(me.actor), membershipOf(me.session), {
    operationId: "console.addPasskey",
    outcome: "success",
  });
  revalidatePath("/account");
  return done(null);
}

export async function removePasskeyAction(input: { id: string }): Promise<ActionResult<null>> {
  const me = await signedInPerson();
  if ("ok" in me) return me;
  if (typeof input?.id !== "string" || input.id.length > FORM_BOUNDS.passkeyId)
    return refused("invalid_input", (await refusalWords())("unknownPasskey"));
  const unconfirmed = await confirmed(me.session, me.actor.personId);
  if (unconfirmed) return unconfirmed;
  await removePasskey(me.actor.personId, input.id);
  await recordPersonAudit(ownPerson(me.actor), membershipOf(me.session), {
    operationId: "console.removePasskey",
    outcome: "success",
  });
  revalidatePath("/account");
  return done(null);
}

/** A browser's own choice is kept a year; the person's, in the store, until they change it. */
const CHOICE_COOKIE = {
  httpOnly: true,
  secure: true,
  sameSite: "lax",
  path: "/",
  maxAge: 365 * 24 * 60 * 60,
} as const;

/**
 * The language, formats and time zone the console is read in. A person's are kept with them (any
 * browser they sign in on, and after signing out); this browser keeps them too, so its sign-in
 * page speaks them. A key's session keeps them in the browser only. Empty follows the browser.
 */
export async function savePreferencesAction(input: unknown): Promise<ActionResult<null>> {
  const signed = await actionSession();
  const t = await getTranslations("account.preferences");
  if ("refused" in signed) return refused(signed.refused, (await refusalWords())("signInAgain"));
  const parsed = preferencesInput.safeParse(input);
  if (!parsed.success) return refused("invalid_input", t("invalid"));
  const { language, format, timeZone } = parsed.data;
  const { actor } = signed.session;
  if (actor.kind === "person")
    await (
      await getStore()
    )
      .update(people)
      .set({ language: language || null, formats: format || null, timeZone: timeZone || null })
      .where(eq(people.id, actor.personId));
  const jar = await cookies();
  for (const [name, value] of [
    [LANGUAGE_COOKIE, language],
    [FORMATS_COOKIE, format],
    [TIME_ZONE_COOKIE, timeZone],
  ] as const) {
    if (value) jar.set(name, value, CHOICE_COOKIE);
    else jar.delete(name);
  }
  revalidatePath("/", "layout");
  return done(null);
}
