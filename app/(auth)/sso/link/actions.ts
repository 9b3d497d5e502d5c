"use server";

import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { redirect } from "next/navigation";
import { type ActionResult, done, parseInput, refused } from "@/lib/actions/action-result";
import { requestOrigin } from "@/lib/http/request-origin";
import { ceremonyResponse } from "@/lib/people/passkey-input";
import { authenticationOptions, finishAuthentication } from "@/lib/people/passkeys";
import { verifyPassword } from "@/lib/people/passwords";
import { claimTotpCode, credentialsOf, personById } from "@/lib/people/people";
import { addMember, findOrganization, roleOf, wasRemoved } from "@/lib/people/organizations";
import { recordPersonAudit } from "@/lib/people/person-audit";
import { startPersonSession } from "@/lib/people/person-session";
import { attempt, type Checked, waitOf } from "@/lib/people/sign-in-throttle";
import {
  linkIdentity,
  pendingLink,
  providerOf,
  takePendingLink,
} from "@/lib/people/single-sign-on";
import { serverWords } from "@/lib/actions/server-words";
import { linkWithPasswordSchema } from "./link.schema";

const words = () => serverWords("people.ssoLink");
async function gone() {
  return refused("link_expired", (await words())("gone"));
}

/**
 * The person the pending link names has proved it is them: the identity is linked to them (once),
 * they join the organization with its default role if they are not a member, and are signed in
 * there.
 */
async function finishLink(personId: string): Promise<ActionResult<never>> {
  const t = await words();
  const link = await takePendingLink();
  if (!link || link.personId !== personId) return gone();
  const person = await personById(personId);
  const org = await findOrganization(link.organizationId);
  const provider = await providerOf(link.organizationId);
  if (!person || !org || !provider || provider.issuer !== link.issuer) return gone();
  if ((await linkIdentity(link, personId)) !== personId)
    return refused("identity_taken", t("identityTaken"));
  if (await wasRemoved(org.id, personId))
    return refused("removed", t("removed", { organization: org.name }));
  const role = (await roleOf(org.id, personId)) ?? provider.defaultRole;
  await addMember(org.id, personId, role);
  await recordPersonAudit(
    person,
    { ...org, role },
    { operationId: "console.linkSingleSignOn", target: link.issuer, outcome: "success" },
  );
  const problem = await startPersonSession(person, true, "single sign-on, linked", {
    organizationId: org.id,
  });
  if (problem) return problem;
  redirect("/");
}

async function refusal<T>(checked: Checked<T>): Promise<ActionResult<never> | undefined> {
  if (checked.kind === "wait")
    return refused(
      "too_many_attempts",
      (await serverWords("people"))("tooManyAttempts", waitOf(checked.waitSeconds)),
    );
  if (checked.kind === "wrong") {
    const wrong = (await words())("wrong");
    return refused("sign_in_refused", wrong, { password: wrong });
  }
  return undefined;
}

/** The person confirms with their password and a code. */
export async function linkWithPasswordAction(input: {
  password: string;
  code: string;
}): Promise<ActionResult<never>> {
  const parsed = parseInput(linkWithPasswordSchema, input, (await words())("missing"));
  if ("ok" in parsed) return parsed;
  const link = await pendingLink();
  const person = link ? await personById(link.personId) : undefined;
  if (!link || !person) return gone();
  const source = (await requestOrigin()).sourceAddress ?? "unknown";
  const checked = await attempt(
    { surface: "password", account: person.email, source },
    async () => {
      const account = await credentialsOf(person.email);
      const right =
        account !== undefined &&
        (await verifyPassword(parsed.data.password, account.passwordHash)) &&
        (await claimTotpCode(account.id, parsed.data.code));
      return right ? account.id : undefined;
    },
  );
  return (await refusal(checked)) ?? finishLink(person.id);
}

/** The challenge for the person to confirm with one of their own passkeys. */
export async function linkPasskeyOptionsAction(): Promise<
  ActionResult<{ ceremony: string; options: PublicKeyCredentialRequestOptionsJSON }>
> {
  const link = await pendingLink();
  if (!link) return gone();
  return done(await authenticationOptions("link", link.personId));
}

export async function linkWithPasskeyAction(input: unknown): Promise<ActionResult<never>> {
  const parsed = ceremonyResponse.safeParse(input);
  if (!parsed.success) return refused("invalid_input", (await words())("passkeyUnread"));
  const link = await pendingLink();
  if (!link) return gone();
  const source = (await requestOrigin()).sourceAddress ?? "unknown";
  const checked = await attempt(
    { surface: "passkey", account: `passkey:${parsed.data.response.id}`, source },
    async () => {
      const assertion = await finishAuthentication(
        parsed.data.ceremony,
        "link",
        parsed.data.response as unknown as AuthenticationResponseJSON,
      );
      return assertion.verified && assertion.personId === link.personId
        ? assertion.personId
        : undefined;
    },
  );
  if (checked.kind === "wrong")
    return refused("passkey_refused", (await words())("passkeyRefused"));
  return (await refusal(checked)) ?? finishLink(link.personId);
}
