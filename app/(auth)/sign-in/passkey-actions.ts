"use server";

import { type AuthenticationResponseJSON } from "@simplewebauthn/server";
import { type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { redirect } from "next/navigation";
import { type ActionResult, done, refused } from "@/lib/actions/action-result";
import { requestOrigin } from "@/lib/http/request-origin";
import { ceremonyResponse } from "@/lib/people/passkey-input";
import { authenticationOptions, finishAuthentication } from "@/lib/people/passkeys";
import { personById } from "@/lib/people/people";
import { startPersonSession } from "@/lib/people/person-session";
import { recordRefusedSignIn } from "@/lib/people/sign-in-audit";
import { normalDomain, organizationOfDomain } from "@/lib/people/domain-claims";
import { beginSignOn } from "@/lib/people/single-sign-on";
import { attempt, waitOf } from "@/lib/people/sign-in-throttle";
import { FORM_BOUNDS } from "@/lib/validation/form-bounds";
import { serverWords } from "@/lib/actions/server-words";

/** The challenge of a passkey sign-in: the browser offers the person their passkeys for this console. */
export async function passkeySignInOptionsAction(): Promise<
  ActionResult<{ ceremony: string; options: PublicKeyCredentialRequestOptionsJSON }>
> {
  return done(await authenticationOptions("sign-in"));
}

/** A passkey sign-in: the assertion verified, the person signed in to their first organization. */
export async function passkeySignInAction(input: unknown): Promise<ActionResult<never>> {
  const parsed = ceremonyResponse.safeParse(input);
  if (!parsed.success) return refused("invalid_input", "The passkey's answer could not be read.");
  const origin = await requestOrigin();
  const what = {
    surface: "passkey" as const,
    account: `passkey:${parsed.data.response.id}`,
    source: origin.sourceAddress ?? "unknown",
  };
  const checked = await attempt(what, async () => {
    const assertion = await finishAuthentication(
      parsed.data.ceremony,
      "sign-in",
      parsed.data.response as unknown as AuthenticationResponseJSON,
    );
    if (!assertion.verified && assertion.claimedBy)
      await recordRefusedSignIn(assertion.claimedBy, "passkey_wrong");
    return assertion.verified ? await personById(assertion.personId) : undefined;
  });
  if (checked.kind === "wait")
    return refused(
      "too_many_attempts",
      (await serverWords("people"))("tooManyAttempts", waitOf(checked.waitSeconds)),
    );
  const person = checked.kind === "right" ? checked.value : undefined;
  if (!person) {
    return refused(
      "passkey_refused",
      "This passkey is not known here, or it could not be checked. Try again.",
    );
  }
  const problem = await startPersonSession(person, true, "passkey");
  if (problem) return problem;
  redirect("/");
}

/** Single sign-on: the organization that verified the address's domain, and off to its provider. */
export async function beginSingleSignOnAction(input: {
  email: string;
}): Promise<ActionResult<never>> {
  const email = typeof input?.email === "string" ? input.email.trim() : "";
  const domain = /^[^@\s]+@([^@\s]+\.[^@\s]+)$/.exec(email)?.[1];
  const normal =
    domain && email.length <= FORM_BOUNDS.emailAddress ? normalDomain(domain) : undefined;
  if (!normal)
    return refused("invalid_input", "Enter your work email address.", {
      email: "Enter your work email address.",
    });
  const org = await organizationOfDomain(normal);
  const url = org ? await beginSignOn(org.id, email) : undefined;
  if (!url)
    return refused(
      "no_single_sign_on",
      "No organization here signs in people of this domain with single sign-on. Use a passkey or your password.",
      { email: "No single sign-on for this domain." },
    );
  redirect(url.toString());
}
