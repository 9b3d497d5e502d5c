"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type ActionResult, done, parseInput, refused } from "@/lib/actions/action-result";
import { actionSession, type SignedIn } from "@/lib/auth/guards";
import { identifyClient } from "@/lib/auth/identify-client";
import { dutyRefusal } from "@/lib/auth/rights";
import { type ConsoleDuty, ROLES } from "@/lib/auth/roles";
import { startSession } from "@/lib/auth/session";
import { consoleConfig } from "@/lib/config/console-env";
import { requestOrigin } from "@/lib/http/request-origin";
import { createInvitation, revokeInvitation } from "@/lib/people/invitations";
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
import { passwordProblem } from "@/lib/people/passwords";
import { createPerson, normalEmail, personByEmail } from "@/lib/people/people";
import { acceptedStep } from "@/lib/people/totp";
import { needsStepUp, STEP_UP_REQUIRED } from "@/lib/people/step-up";
import { recordPersonAudit } from "@/lib/people/person-audit";
import { recordAuditOrLog } from "@/lib/store/audit-log";
import { ServiceError } from "@/lib/api/client";
import { messageForCode } from "@/lib/operations/code-sentences";
import { newPersonSchema } from "@/lib/people/person-fields";
import { inviteSchema, singleSignOnSchema } from "./_lib/organization.schema";
import { removeProvider, saveProvider } from "@/lib/people/single-sign-on";

/**
 * The organization's people: invitations, roles, removals and sessions, and the owner's
 * settings. None of these is an operation of the service, so each checks the session's role
 * itself against the console's duties, and writes the audit log with the person who acted.
 */
async function asDuty<T>(
  duty: ConsoleDuty,
  operationId: string,
  target: string | undefined,
  run: (signed: SignedIn & { organizationId: string }) => Promise<ActionResult<T>>,
): Promise<ActionResult<T>> {
  const signed = await actionSession();
  if ("refused" in signed) return refused(signed.refused, "Sign in again.");
  const { organizationId } = signed.session;
  if (!organizationId)
    return refused("no_organization", "Sign in again to connect this Client to the console.");
  const byRole = dutyRefusal(signed.session, duty);
  const result = byRole
    ? refused("role_forbidden", byRole)
    : await run({ ...signed, organizationId });
  await recordAuditOrLog({
    session: signed.session,
    clientId: signed.session.clientId,
    operationId,
    target,
    outcome: result.ok ? "success" : "failure",
    errorCode: result.ok ? null : result.code,
  });
  if (result.ok) revalidatePath("/organization");
  return result;
}

const personId = z.string().uuid();
const role = z.enum(ROLES);

/** Invites one address with a role; the link is shown once (there is no mail server here). */
export async function inviteAction(input: {
  email: string;
  role: string;
}): Promise<ActionResult<{ link: string; email: string; expiresAt: string; mail: MailOutcome }>> {
  const parsed = parseInput(inviteSchema, input);
  if ("ok" in parsed) return parsed;
  return asDuty("managePeople", "console.invite", normalEmail(parsed.data.email), async (s) => {
    if (parsed.data.role === "owner" && s.session.role !== "owner")
      return refused("role_forbidden", "Only an owner can make someone an owner.", {
        role: "Only an owner can invite an owner.",
      });
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
          : "The holder of the Client's key",
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
  const id = z.string().uuid().safeParse(input?.id);
  if (!id.success) return refused("invalid_input", "This invitation is not known.");
  return asDuty("managePeople", "console.revokeInvitation", id.data, async (s) =>
    (await revokeInvitation(s.organizationId, id.data))
      ? done(null)
      : refused("invitation_closed", "This invitation was used or revoked already."),
  );
}

/** The owners are the organization's last resort: one always remains, and only owners make or unmake them. */
async function ownerGuard(
  s: SignedIn & { organizationId: string },
  person: string,
  next: "removed" | (typeof ROLES)[number],
): Promise<ActionResult<null> | undefined> {
  const current = await roleOf(s.organizationId, person);
  if (!current) return refused("not_a_member", "This person is not a member any more.");
  if ((current === "owner" || next === "owner") && s.session.role !== "owner")
    return refused("role_forbidden", "Only an owner can make or unmake an owner.");
  if (current === "owner" && next !== "owner" && (await ownerCount(s.organizationId)) <= 1)
    return refused("last_owner", "The organization needs an owner: make someone else owner first.");
  return undefined;
}

export async function changeRoleAction(input: {
  personId: string;
  role: string;
}): Promise<ActionResult<null>> {
  const parsed = z.object({ personId, role }).safeParse(input);
  if (!parsed.success) return refused("invalid_input", "Choose a role.");
  const { personId: person, role: next } = parsed.data;
  return asDuty("managePeople", "console.changeRole", person, async (s) => {
    const problem = await ownerGuard(s, person, next);
    if (problem) return problem;
    // Effective on the member's next request, on every console instance: sessions read the role.
    await changeRole(s.organizationId, person, next);
    return done(null);
  });
}

export async function removeMemberAction(input: { personId: string }): Promise<ActionResult<null>> {
  const parsed = personId.safeParse(input?.personId);
  if (!parsed.success) return refused("invalid_input", "This person is not known.");
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
  const parsed = personId.safeParse(input?.personId);
  if (!parsed.success) return refused("invalid_input", "This person is not known.");
  return asDuty("managePeople", "console.endSessions", parsed.data, async (s) => {
    if (!(await roleOf(s.organizationId, parsed.data)))
      return refused("not_a_member", "This person is not a member any more.");
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
  const parsed = parseInput(newPersonSchema, input);
  if ("ok" in parsed) return parsed;
  const v = parsed.data;
  const signed = await actionSession();
  if ("refused" in signed) return refused(signed.refused, "Sign in again.");
  const { session } = signed;
  if (session.actor.kind !== "key" || !session.organizationId)
    return refused("not_key_holder", "Only the key holder who connected the Client can do this.");
  if ((await ownerCount(session.organizationId)) > 0)
    return refused("has_owner", "This organization has an owner: ask them to invite you.");
  const weak = passwordProblem(v.password, v);
  if (weak) return refused("password_weak", weak, { password: weak });
  if (await personByEmail(v.email))
    return refused(
      "email_taken",
      "This address already signs in here: sign in as yourself, then ask an owner to add you.",
      { email: "This address already has a sign-in." },
    );
  const step = acceptedStep(v.secret, v.email, v.code, null);
  if (step === undefined)
    return refused("code_wrong", "This code is not right: check the time on your device.", {
      code: "This code does not match the set-up key.",
    });
  const person = await createPerson({ ...v, totpSecret: v.secret, totpStep: step });
  if (!person)
    return refused("email_taken", "This address already has a sign-in.", {
      email: "This address already has a sign-in.",
    });
  await addMember(session.organizationId, person.id, "owner");
  await startSession(
    {
      clientId: session.clientId,
      isMaster: session.isMaster,
      environment: session.environment,
      accountLabel: session.accountLabel,
      organizationId: session.organizationId,
      personId: person.id,
      steppedUp: true,
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
  const apiKey = typeof input?.apiKey === "string" ? input.apiKey.trim() : "";
  if (!apiKey || apiKey.length > 256)
    return refused("invalid_input", "Paste the new API key.", { apiKey: "Paste the new API key." });
  return asDuty("manageOrganization", "console.replaceStoredKey", undefined, async (s) => {
    if (needsStepUp(s.session)) return refused(STEP_UP_REQUIRED.code, STEP_UP_REQUIRED.message);
    const org = await findOrganization(s.organizationId);
    let identity;
    try {
      identity = await identifyClient(apiKey);
    } catch (error) {
      if (error instanceof ServiceError)
        return refused(error.code, messageForCode(error.code), {
          apiKey: messageForCode(error.code),
        });
      throw error;
    }
    if (!org || identity.clientId !== org.clientId || identity.environment !== org.environment)
      return refused(
        "other_client",
        "This key belongs to another Client or environment: the stored key was kept.",
        { apiKey: `Paste a key of ${org?.clientId ?? "this Client"} (${org?.environment ?? ""}).` },
      );
    await replaceStoredKey(s.organizationId, apiKey);
    return done(null);
  });
}

export async function setKeySignInAction(input: { allowed: boolean }): Promise<ActionResult<null>> {
  const allowed = input?.allowed === true;
  return asDuty("manageOrganization", "console.setKeySignIn", allowed ? "on" : "off", async (s) => {
    await setKeySignIn(s.organizationId, allowed);
    return done(null);
  });
}

/** An owner or admin names the organization's identity provider; it is checked before it is kept. */
export async function saveSingleSignOnAction(input: unknown): Promise<ActionResult<null>> {
  const parsed = parseInput(singleSignOnSchema, input);
  if ("ok" in parsed) return parsed;
  return asDuty(
    "configureSingleSignOn",
    "console.configureSingleSignOn",
    parsed.data.issuer,
    async (s) => {
      if (parsed.data.defaultRole === "owner")
        return refused(
          "role_forbidden",
          "People who join by single sign-on cannot start as owners.",
          {
            defaultRole: "Choose another role.",
          },
        );
      const problem = await saveProvider({ organizationId: s.organizationId, ...parsed.data });
      return problem ? refused("provider_unreachable", problem, { issuer: problem }) : done(null);
    },
  );
}

export async function removeSingleSignOnAction(): Promise<ActionResult<null>> {
  return asDuty("configureSingleSignOn", "console.removeSingleSignOn", undefined, async (s) => {
    await removeProvider(s.organizationId);
    return done(null);
  });
}
