"use server";

import { createHash, randomUUID } from "node:crypto";
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { redirect } from "next/navigation";
import { z } from "zod";
import { type ActionResult, done, parseInput, refused } from "@/lib/actions/action-result";
import { deviceInWords, requestOrigin } from "@/lib/http/request-origin";
import { ceremonyResponse } from "@/lib/people/passkey-input";
import { finishRegistration, registrationOptions } from "@/lib/people/passkeys";
import { recordPersonAudit } from "@/lib/people/person-audit";
import { startSessionIn } from "@/lib/people/person-session";
import { claimInvitation, type Invitation, invitationByToken } from "@/lib/people/invitations";
import { admitInvitedMember, findOrganization } from "@/lib/people/organizations";
import { passwordProblemKey, verifyPassword } from "@/lib/people/passwords";
import { serverWords } from "@/lib/actions/server-words";
import {
  claimTotpCode,
  createPasskeyPerson,
  createPerson,
  credentialsOf,
  personByEmail,
} from "@/lib/people/people";
import { acceptedStep } from "@/lib/people/totp";
import { domainOfAddress, organizationOfDomain } from "@/lib/people/domain-claims";
import { attempt, waitOf } from "@/lib/people/sign-in-throttle";
import { newPersonSchema, type NewPersonValues } from "@/lib/people/person-fields";
import { type PasswordSignInValues } from "@/app/(auth)/sign-in/sign-in.schema";
import { FORM_BOUNDS } from "@/lib/validation/form-bounds";

const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

const words = () => serverWords("invite.actions");

/** The open invitation a link's token stands for, or the refusal that says why it is closed. */
async function openInvitation(
  tokenInput: unknown,
): Promise<{ token: string; email: string; organizationId: string } | ActionResult<never>> {
  const w = await words();
  const t = token.safeParse(tokenInput);
  if (!t.success) return refused("invitation_unknown", w("closed.unknown"));
  const state = await invitationByToken(t.data);
  if (state.kind !== "open") return refused(`invitation_${state.kind}`, w(`closed.${state.kind}`));
  return {
    token: t.data,
    email: state.invitation.email,
    organizationId: state.invitation.organizationId,
  };
}

/**
 * An invitation link proves nothing about the address it was sent to. An address of a domain
 * another organization verified is that organization's to create (its single sign-on vouches
 * for it): a new sign-in for it is made there first, never from another organization's link.
 */
async function squatted(open: { email: string; organizationId: string }) {
  const domain = domainOfAddress(open.email);
  const holder = domain ? await organizationOfDomain(domain) : undefined;
  if (!holder || holder.id === open.organizationId) return undefined;
  return refused(
    "address_of_verified_domain",
    (await words())("verifiedDomain", { domain: domain!, organization: holder.name }),
  );
}

async function taken() {
  return refused("email_taken", (await words())("taken"));
}

/** Uses the invitation (once, on any instance), adds the member, and signs them in there. */
async function join(
  tokenText: string,
  person: { id: string; email: string },
  steppedUp: boolean,
): Promise<ActionResult<never>> {
  const invitation: Invitation | undefined = await claimInvitation(tokenText);
  const w = await words();
  if (!invitation) {
    const state = await invitationByToken(tokenText);
    return refused(
      `invitation_${state.kind}`,
      w(`closed.${state.kind === "open" ? "used" : state.kind}`),
    );
  }
  await admitInvitedMember(invitation.organizationId, person.id, invitation.role);
  const org = await findOrganization(invitation.organizationId);
  if (!org) return refused("invitation_unknown", w("closed.unknown"));
  await startSessionIn(org, person.id, steppedUp);
  await recordPersonAudit(
    person,
    { ...org, role: invitation.role },
    { operationId: "console.acceptInvitation", target: person.email, outcome: "success" },
  );
  redirect("/");
}

/** Someone new: their own sign-in (name, password, authenticator), then they join. */
export async function acceptAsNewPersonAction(
  input: Omit<NewPersonValues, "email"> & { token: string },
): Promise<ActionResult<never>> {
  const open = await openInvitation(input?.token);
  if ("ok" in open) return open;
  const { email } = open;
  const held = await squatted(open);
  if (held) return held;
  const parsed = parseInput(
    newPersonSchema,
    { ...input, email },
    (await serverWords("forms.actions"))("invalid"),
  );
  if ("ok" in parsed) return parsed;
  const w = await words();
  const people = await serverWords("people");
  const problem = passwordProblemKey(parsed.data.password, parsed.data);
  const weak = problem && people(`password.${problem.key}`, problem.values);
  if (weak) return refused("password_weak", weak, { password: weak });
  if (await personByEmail(email)) return taken();
  const step = acceptedStep(parsed.data.secret, email, parsed.data.code, null);
  if (step === undefined) return refused("code_wrong", w("codeWrong"), { code: w("codeMismatch") });
  const person = await createPerson({
    ...parsed.data,
    email,
    totpSecret: parsed.data.secret,
    totpStep: step,
  });
  if (!person) return refused("email_taken", w("takenReload"));
  // Setting up a factor is not confirming with one: the first dangerous action asks.
  return join(open.token, person, false);
}

/** Someone who signs in here already: they confirm with their password and a code, then join. */
export async function acceptAsMemberAction(
  input: Pick<PasswordSignInValues, "password" | "code"> & { token: string },
): Promise<ActionResult<never>> {
  const open = await openInvitation(input?.token);
  if ("ok" in open) return open;
  const { email } = open;
  const origin = await requestOrigin();
  const source = origin.sourceAddress ?? "unknown";
  const checked = await attempt({ surface: "invitation", account: email, source }, async () => {
    const account = await credentialsOf(email);
    const right =
      (await verifyPassword(String(input?.password ?? ""), account?.passwordHash ?? null)) &&
      account !== undefined &&
      (await claimTotpCode(account.id, String(input?.code ?? "")));
    return right ? account : undefined;
  });
  if (checked.kind === "wait")
    return refused(
      "too_many_attempts",
      (await serverWords("people"))("tooManyAttempts", waitOf(checked.waitSeconds)),
    );
  if (checked.kind === "wrong") {
    const wrong = (await words())("wrong");
    return refused("sign_in_refused", wrong, { password: wrong });
  }
  return join(open.token, { id: checked.value.id, email }, true);
}

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

/** The challenge to create a new member's passkey while they accept: their sign-in is the passkey. */
export async function invitePasskeyOptionsAction(input: {
  token: string;
  name: string;
}): Promise<ActionResult<{ ceremony: string; options: PublicKeyCredentialCreationOptionsJSON }>> {
  const name = typeof input?.name === "string" ? input.name.trim() : "";
  const w = await words();
  if (!name || name.length > FORM_BOUNDS.personName)
    return refused("invalid_input", w("nameFirst"), { name: w("name") });
  const open = await openInvitation(input?.token);
  if ("ok" in open) return open;
  const { email } = open;
  if (await personByEmail(email)) return taken();
  const held = await squatted(open);
  if (held) return held;
  return done(
    await registrationOptions({ id: randomUUID(), email, name }, "invite", {
      name,
      email,
      invitation: digest(open.token),
    }),
  );
}

/** A new member's passkey, created in the browser: checked, kept, and the invitation used. */
export async function acceptWithPasskeyAction(input: unknown): Promise<ActionResult<never>> {
  const w = await words();
  const parsed = ceremonyResponse.extend({ token }).safeParse(input);
  if (!parsed.success) return refused("invalid_input", w("passkeyUnread"));
  const open = await openInvitation(parsed.data.token);
  if ("ok" in open) return open;
  const held = await squatted(open);
  if (held) return held;
  const state = await finishRegistration(
    parsed.data.ceremony,
    "invite",
    parsed.data.response as unknown as RegistrationResponseJSON,
    deviceInWords((await requestOrigin()).device),
  );
  if (!state || state.invitation !== digest(parsed.data.token))
    return refused("passkey_refused", w("passkeyRefused"));
  const person = await createPasskeyPerson({
    id: state.personId!,
    email: state.email!,
    name: state.name!,
  });
  if (!person) return refused("email_taken", w("takenReload"));
  // A passkey just made is not a confirmation: the first dangerous action asks for it.
  return join(parsed.data.token, person, false);
}
