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
import { beginSignOn, organizationsForDomain } from "@/lib/people/single-sign-on";
import { recordFailedSignIn, waitBeforeSignIn, waitInWords } from "@/lib/people/sign-in-throttle";

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
  const attempt = {
    account: `passkey:${parsed.data.response.id}`,
    source: origin.sourceAddress ?? "unknown",
  };
  const wait = await waitBeforeSignIn(attempt);
  if (wait !== undefined)
    return refused(
      "too_many_attempts",
      `Too many sign-in attempts. Try again in ${waitInWords(wait)}.`,
    );
  const assertion = await finishAuthentication(
    parsed.data.ceremony,
    "sign-in",
    parsed.data.response as unknown as AuthenticationResponseJSON,
  );
  const person = assertion.verified ? await personById(assertion.personId) : undefined;
  if (!person) {
    await recordFailedSignIn(attempt);
    if (!assertion.verified && assertion.claimedBy)
      await recordRefusedSignIn(assertion.claimedBy, "passkey_wrong");
    return refused(
      "passkey_refused",
      "This passkey is not known here, or it could not be checked. Try again.",
    );
  }
  const problem = await startPersonSession(person, true, "passkey");
  if (problem) return problem;
  redirect("/");
}

/** Single sign-on: the organization whose provider vouches for the address's domain, and off to it. */
export async function beginSingleSignOnAction(input: {
  email: string;
}): Promise<ActionResult<never>> {
  const email = typeof input?.email === "string" ? input.email.trim() : "";
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || email.length > 320)
    return refused("invalid_input", "Enter your work email address.", {
      email: "Enter your work email address.",
    });
  const [org] = await organizationsForDomain(email);
  if (!org)
    return refused(
      "no_single_sign_on",
      "No organization here signs in people of this domain with single sign-on. Use a passkey or your password.",
      { email: "No single sign-on for this domain." },
    );
  const url = await beginSignOn(org.id, email);
  if (!url) return refused("no_single_sign_on", "Single sign-on is not set up any more.");
  redirect(url.toString());
}
