"use server";

import { type ConsoleEvent } from "@/lib/audit-labels";
import { revalidatePath } from "next/cache";
import { asConsoleDuty } from "@/lib/actions/console-duty";
import { z } from "zod";
import { type ActionResult, done, parseInput, refused } from "@/lib/actions/action-result";
import { actionSession, type SignedIn } from "@/lib/auth/guards";
import { identifyClient } from "@/lib/auth/identify-client";
import { dutyRefusalIn } from "@/lib/auth/refusal-words";
import { type ConsoleDuty, ROLES } from "@/lib/auth/roles";
import { endKeySessions, startSession } from "@/lib/auth/session";
import { consoleConfig } from "@/lib/config/console-env";
import { requestOrigin } from "@/lib/http/request-origin";
import { createInvitation, openInvitations, revokeInvitation } from "@/lib/people/invitations";
import { claimDomain, normalDomain, removeClaim, verifyClaim } from "@/lib/people/domain-claims";
import { mailInvitation, type MailOutcome } from "@/lib/people/invitation-mail";
import {
  addMember,
  changeRole,
  endSessionsOf,
  findOrganization,
  ownerCount,
  removeMember,
  replaceStoredKey,
  roleOf,
  setKeySignIn,
} from "@/lib/people/organizations";
import { passwordProblemKey } from "@/lib/people/passwords";
import { createPerson, normalEmail, personByEmail } from "@/lib/people/people";
import { acceptedStep } from "@/lib/people/totp";
import { needsStepUp, STEP_UP_REQUIRED } from "@/lib/people/step-up";
import { recordPersonAudit } from "@/lib/people/person-audit";
import { ServiceError } from "@/lib/api/client";
import { messageForCode } from "@/lib/operations/code-sentences";
import { serverWords } from "@/lib/actions/server-words";
import { newPersonSchema } from "@/lib/people/person-fields";
import { inviteSchema, singleSignOnSchema } from "./_lib/organization.schema";
import { removeProvider, saveProvider } from "@/lib/people/single-sign-on";
import { FORM_BOUNDS } from "@/lib/validation/form-bounds";
import { fieldErrorWords } from "@/lib/validation/field-error";
import { getFormats } from "@/lib/i18n/formats-server";

/**
 * The organization's people: invitations, roles, removals and sessions, and the owner's
 * settings. None of these is an operation of the service, so each checks the session's role
 * itself against the console's duties, and writes the audit log with the person who acted.
 */
async function asDuty<T>(
  duty: ConsoleDuty,
  event: ConsoleEvent,
  target: string | undefined,
  run: (signed: SignedIn & { organizationId: string }) => Promise<ActionResult<T>>,
): Promise<ActionResult<T>> {
  return asConsoleDuty({ duty, event, target, page: "/organization" }, (signed) =>
    run({ ...signed, organizationId: signed.session.organizationId }),
  );
}

/**
 * What only an owner, as themselves, may do (make, unmake, or end the sessions of an owner):
 * refused for anyone else; a person confirms first unless they did in the last five minutes.
 */
async function ownersOnly(s: SignedIn): Promise<ReturnType<typeof refused> | undefined> {
  const byRole = await dutyRefusalIn(s.session, "makeOwners");
  if (byRole) return refused("role_forbidden", byRole);
  return confirmedRecently(s);
}

/** A change of who may sign in or act here: the person confirms first, unless they did lately. */
async function confirmedRecently(s: SignedIn): Promise<ReturnType<typeof refused> | undefined> {
  return needsStepUp(s.session)
    ? refused(STEP_UP_REQUIRED.code, (await serverWords("people.stepUp"))("required"))
    : undefined;
}

const personId = z.string().uuid();
const role = z.enum(ROLES);

/**
 * Invites one address with a role. The link is mailed when the console has an SMTP server
 * (`SMTP_URL`; `mail` says whether it was sent), and shown once either way.
 */
export async function inviteAction(input: {
  email: string;
  role: string;
}): Promise<ActionResult<{ link: string; email: string; expiresAt: string; mail: MailOutcome }>> {
  const parsed = parseInput(inviteSchema, input, (await serverWords("forms.actions"))("invalid"));
  if ("ok" in parsed) return parsed;
  const t = await serverWords("organization.actions");
  return asDuty("managePeople", "console.invite", normalEmail(parsed.data.email), async (s) => {
    const ownerProblem = parsed.data.role === "owner" ? await ownersOnly(s) : undefined;
    if (ownerProblem && !ownerProblem.ok && ownerProblem.code === "role_forbidden")
      return refused(ownerProblem.code, ownerProblem.message, { role: ownerProblem.message });
    if (ownerProblem) return ownerProblem;
    // Whoever may manage people could keep a stolen session's access: confirmed first.
    const unconfirmed = parsed.data.role === "admin" ? await confirmedRecently(s) : undefined;
    if (unconfirmed) return unconfirmed;
    const { invitation, token } = await createInvitation({
      organizationId: s.organizationId,
      email: parsed.data.email,
      role: parsed.data.role,
      invitedBy: s.session.actor.kind === "person" ? s.session.actor.personId : null,
    });
    const base = consoleConfig().CONSOLE_PUBLIC_URL.replace(/\/$/, "");
    const link = `${base}/invite/${token}`;
    const mail = await mailInvitation({
      to: invitation.email,
      organization: (await findOrganization(s.organizationId))?.name ?? s.session.clientId,
      role: invitation.role,
      link,
      expiresAt: invitation.expiresAt,
      invitedBy:
        s.session.actor.kind === "person"
          ? `${s.session.actor.name} (${s.session.actor.email})`
          : t("keyHolder"),
    });
    return done({
      link,
      email: invitation.email,
      expiresAt: invitation.expiresAt.toISOString(),
      mail,
    });
  });
}

export async function revokeInvitationAction(input: { id: string }): Promise<ActionResult<null>> {
  const t = await serverWords("organization.actions");
  const id = z.string().uuid().safeParse(input?.id);
  if (!id.success) return refused("invalid_input", t("invitationUnknown"));
  return asDuty("managePeople", "console.revokeInvitation", id.data, async (s) => {
    const open = (await openInvitations(s.organizationId)).find((i) => i.id === id.data);
    const ownerProblem = open?.role === "owner" ? await ownersOnly(s) : undefined;
    if (ownerProblem) return ownerProblem;
    return (await revokeInvitation(s.organizationId, id.data))
      ? done(null)
      : refused("invitation_closed", t("invitationClosed"));
  });
}

/**
 * The owners are the organization's last resort: one always remains, and only owners (as
 * themselves, confirmed) make, unmake or end the sessions of one.
 */
async function ownerGuard(
  s: SignedIn & { organizationId: string },
  person: string,
  next: "removed" | "sessions ended" | (typeof ROLES)[number],
): Promise<ActionResult<null> | undefined> {
  const t = await serverWords("organization.actions");
  const current = await roleOf(s.organizationId, person);
  if (!current) return refused("not_a_member", t("notAMember"));
  if (current === next) return undefined;
  if (current === "owner" || next === "owner") {
    const problem = await ownersOnly(s);
    if (problem) return problem;
  }
  if (
    current === "owner" &&
    next !== "owner" &&
    next !== "sessions ended" &&
    (await ownerCount(s.organizationId)) <= 1
  )
    return refused("last_owner", t("lastOwner"));
  return undefined;
}

export async function changeRoleAction(input: {
  personId: string;
  role: string;
}): Promise<ActionResult<null>> {
  const t = await serverWords("organization.actions");
  const parsed = z.object({ personId, role }).safeParse(input);
  if (!parsed.success) return refused("invalid_input", t("chooseRole"));
  const { personId: person, role: next } = parsed.data;
  return asDuty("managePeople", "console.changeRole", person, async (s) => {
    const problem = await ownerGuard(s, person, next);
    if (problem) return problem;
    const unconfirmed = next === "admin" ? await confirmedRecently(s) : undefined;
    if (unconfirmed) return unconfirmed;
    // Effective on the member's next request, on every console instance: sessions read the role.
    await changeRole(s.organizationId, person, next);
    return done(null);
  });
}

export async function removeMemberAction(input: { personId: string }): Promise<ActionResult<null>> {
  const t = await serverWords("organization.actions");
  const parsed = personId.safeParse(input?.personId);
  if (!parsed.success) return refused("invalid_input", t("personUnknown"));
  return asDuty("managePeople", "console.removeMember", parsed.data, async (s) => {
    const problem = await ownerGuard(s, parsed.data, "removed");
    if (problem) return problem;
    await removeMember(s.organizationId, parsed.data);
    return done(null);
  });
}

export async function endMemberSessionsAction(input: {
  personId: string;
}): Promise<ActionResult<null>> {
  const t = await serverWords("organization.actions");
  const parsed = personId.safeParse(input?.personId);
  if (!parsed.success) return refused("invalid_input", t("personUnknown"));
  return asDuty("managePeople", "console.endSessions", parsed.data, async (s) => {
    const problem = await ownerGuard(s, parsed.data, "sessions ended");
    if (problem) return problem;
    await endSessionsOf(parsed.data, s.organizationId);
    return done(null);
  });
}

/**
 * The key holder who connected the Client becomes its owner as a person: a name, an address, a
 * password and an authenticator set up with a code. Only while the organization has no owner.
 */
export async function becomeOwnerAction(input: {
  name: string;
  email: string;
  password: string;
  secret: string;
  code: string;
}): Promise<ActionResult<null>> {
  const parsed = parseInput(
    newPersonSchema,
    input,
    (await serverWords("forms.actions"))("invalid"),
  );
  if ("ok" in parsed) return parsed;
  const v = parsed.data;
  const t = await serverWords("organization.actions");
  const people = await serverWords("people");
  const signed = await actionSession();
  if ("refused" in signed) return refused(signed.refused, people("signInAgain"));
  const { session } = signed;
  if (session.actor.kind !== "key" || !session.organizationId)
    return refused("not_key_holder", t("notKeyHolder"));
  if ((await ownerCount(session.organizationId)) > 0) return refused("has_owner", t("hasOwner"));
  const problem = passwordProblemKey(v.password, v);
  const weak = problem && people(`password.${problem.key}`, problem.values);
  if (weak) return refused("password_weak", weak, { password: weak });
  if (await personByEmail(v.email))
    return refused("email_taken", t("emailSignsIn"), { email: t("emailTaken") });
  const step = acceptedStep(v.secret, v.email, v.code, null);
  if (step === undefined) return refused("code_wrong", t("codeWrong"), { code: t("codeMismatch") });
  const person = await createPerson({ ...v, totpSecret: v.secret, totpStep: step });
  if (!person) return refused("email_taken", t("emailTaken"), { email: t("emailTaken") });
  await addMember(session.organizationId, person.id, "owner");
  await startSession(
    {
      clientId: session.clientId,
      isMaster: session.isMaster,
      environment: session.environment,
      accountLabel: session.accountLabel,
      organizationId: session.organizationId,
      personId: person.id,
      // Setting up an authenticator is not confirming with it: the first dangerous action asks.
      steppedUp: false,
    },
    await requestOrigin(),
  );
  await recordPersonAudit(
    person,
    { id: session.organizationId, clientId: session.clientId, role: "owner" },
    { operationId: "console.becomeOwner", outcome: "success" },
  );
  revalidatePath("/", "layout");
  return done(null);
}

/**
 * The owner replaces the stored key with a new key of the same Client (after the Master issued
 * it): the members notice nothing. A dangerous action: confirmed with a second factor.
 */
export async function replaceStoredKeyAction(input: {
  apiKey: string;
}): Promise<ActionResult<null>> {
  const t = await serverWords("organization.actions");
  const apiKey = typeof input?.apiKey === "string" ? input.apiKey.trim() : "";
  if (!apiKey || apiKey.length > FORM_BOUNDS.apiKey)
    return refused("invalid_input", t("pasteKey"), { apiKey: t("pasteKey") });
  return asDuty("manageOrganization", "console.replaceStoredKey", undefined, async (s) => {
    const unconfirmed = await confirmedRecently(s);
    if (unconfirmed) return unconfirmed;
    const org = await findOrganization(s.organizationId);
    const codes = await serverWords("codes");
    let identity;
    try {
      identity = await identifyClient(apiKey);
    } catch (error) {
      if (error instanceof ServiceError)
        return refused(error.code, messageForCode(error.code, undefined, undefined, codes), {
          apiKey: messageForCode(error.code, undefined, undefined, codes),
        });
      throw error;
    }
    if (!org || identity.clientId !== org.clientId || identity.environment !== org.environment)
      return refused("other_client", t("otherClient"), {
        apiKey: t("keyOf", {
          clientId: org?.clientId ?? t("thisClient"),
          environment: org?.environment ?? "",
        }),
      });
    await replaceStoredKey(s.organizationId, apiKey);
    return done(null);
  });
}

/**
 * The owner turns key sign-in on or off. Off, every key session of the organization ends at its
 * next request, on every instance (sessions read it with each request).
 */
export async function setKeySignInAction(input: { allowed: boolean }): Promise<ActionResult<null>> {
  const allowed = input?.allowed === true;
  return asDuty("manageOrganization", "console.setKeySignIn", allowed ? "on" : "off", async (s) => {
    const unconfirmed = await confirmedRecently(s);
    if (unconfirmed) return unconfirmed;
    await setKeySignIn(s.organizationId, allowed);
    if (!allowed) await endKeySessions(s.organizationId);
    return done(null);
  });
}

/** An owner or admin names the organization's identity provider; it is checked before it is kept. */
export async function saveSingleSignOnAction(input: unknown): Promise<ActionResult<null>> {
  const parsed = parseInput(
    singleSignOnSchema,
    input,
    (await serverWords("forms.actions"))("invalid"),
  );
  if ("ok" in parsed) return parsed;
  const t = await serverWords("organization.actions");
  return asDuty(
    "configureSingleSignOn",
    "console.configureSingleSignOn",
    parsed.data.issuer,
    async (s) => {
      if (parsed.data.defaultRole === "owner")
        return refused("role_forbidden", t("ssoNoOwners"), {
          defaultRole: t("chooseAnotherRole"),
        });
      const unconfirmed = await confirmedRecently(s);
      if (unconfirmed) return unconfirmed;
      const problem = await saveProvider({ organizationId: s.organizationId, ...parsed.data });
      if (!problem) return done(null);
      // The field words it where it is shown; the notice is worded here.
      const notice = fieldErrorWords(
        problem,
        await serverWords("fieldErrors"),
        (await getFormats()).count,
      );
      return refused("provider_unreachable", notice, { issuer: problem });
    },
  );
}

const domainInput = (input: unknown) => {
  const text = (input as { domain?: unknown } | null)?.domain;
  return typeof text === "string" ? normalDomain(text) : undefined;
};
async function domainRefused() {
  const t = await serverWords("organization.actions");
  return refused("invalid_input", t("enterDomain"), { domain: t("enterDomain") });
}

/** Claims an email domain for single sign-on: the record to publish in its DNS is shown. */
export async function claimDomainAction(input: { domain: string }): Promise<ActionResult<null>> {
  const domain = domainInput(input);
  if (!domain) return domainRefused();
  return asDuty("configureSingleSignOn", "console.claimDomain", domain, async (s) => {
    await claimDomain(s.organizationId, domain);
    return done(null);
  });
}

/** Checks a claimed domain's DNS now; verified, the organization's single sign-on vouches for its addresses. */
export async function verifyDomainAction(input: { domain: string }): Promise<ActionResult<null>> {
  const domain = domainInput(input);
  if (!domain) return domainRefused();
  return asDuty("configureSingleSignOn", "console.verifyDomain", domain, async (s) => {
    const unconfirmed = await confirmedRecently(s);
    if (unconfirmed) return unconfirmed;
    const verified = await verifyClaim(s.organizationId, domain);
    const t = await serverWords("organization.actions.verification");
    return verified.ok ? done(null) : refused(`domain_${verified.reason}`, t(verified.reason));
  });
}

export async function removeDomainAction(input: { domain: string }): Promise<ActionResult<null>> {
  const domain = domainInput(input);
  if (!domain) return domainRefused();
  return asDuty("configureSingleSignOn", "console.removeDomain", domain, async (s) => {
    await removeClaim(s.organizationId, domain);
    return done(null);
  });
}

export async function removeSingleSignOnAction(): Promise<ActionResult<null>> {
  return asDuty("configureSingleSignOn", "console.removeSingleSignOn", undefined, async (s) => {
    await removeProvider(s.organizationId);
    return done(null);
  });
}
