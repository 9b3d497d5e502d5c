"use server";

import { revalidatePath } from "next/cache";
import { type ActionResult, done, refused } from "@/lib/actions/action-result";
import { actionSession } from "@/lib/auth/guards";
import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { ceremonyResponse } from "@/lib/people/passkey-input";
import { AUTHENTICATOR_CODE_REFUSED } from "@/lib/people/person-fields";
import { authenticationOptions, passkeysOf } from "@/lib/people/passkeys";
import { stepUpWithCode, stepUpWithPasskey } from "@/lib/people/step-up";
import { dismissUsageWarnings } from "@/lib/store/usage-warnings";

export async function dismissUsageWarningsAction(): Promise<void> {
  const signedIn = await actionSession();
  if ("refused" in signedIn) return;
  await dismissUsageWarnings(signedIn.session.clientId);
  revalidatePath("/", "layout");
}

/** A person confirms it is them with a code, for the dangerous actions of the next five minutes. */
export async function confirmStepUpAction(input: { code: string }): Promise<ActionResult<null>> {
  const signedIn = await actionSession();
  if ("refused" in signedIn) return refused(signedIn.refused, "Sign in again.");
  const code = typeof input?.code === "string" ? input.code : "";
  if (!/^\s*\d{3}\s?\d{3}\s*$/.test(code))
    return refused("invalid_input", AUTHENTICATOR_CODE_REFUSED);
  const outcome = await stepUpWithCode(signedIn.session, code);
  if (outcome.ok) return done(null);
  return refused(outcome.code === "wrong" ? "code_wrong" : outcome.code, outcome.message);
}

/** The challenge for a person to confirm it is them with one of their passkeys. */
export async function stepUpPasskeyOptionsAction(): Promise<
  ActionResult<{ ceremony: string; options: PublicKeyCredentialRequestOptionsJSON }>
> {
  const signedIn = await actionSession();
  if ("refused" in signedIn) return refused(signedIn.refused, "Sign in again.");
  const { actor } = signedIn.session;
  if (actor.kind !== "person") return refused("not_a_person", "Sign in as yourself first.");
  if (!(await passkeysOf(actor.personId)).length)
    return refused("no_passkey", "You have no passkey yet: enter a code instead.");
  return done(await authenticationOptions("step-up", actor.personId));
}

/** A person confirms it is them with one of their passkeys. */
export async function confirmStepUpWithPasskeyAction(input: unknown): Promise<ActionResult<null>> {
  const signedIn = await actionSession();
  if ("refused" in signedIn) return refused(signedIn.refused, "Sign in again.");
  const { session } = signedIn;
  const parsed = ceremonyResponse.safeParse(input);
  if (!parsed.success || session.actor.kind !== "person")
    return refused("invalid_input", "The passkey's answer could not be read.");
  const outcome = await stepUpWithPasskey(
    session,
    parsed.data.ceremony,
    parsed.data.response as unknown as AuthenticationResponseJSON,
  );
  if (outcome.ok) return done(null);
  return outcome.code === "wrong"
    ? refused("passkey_refused", "The passkey could not be checked. Try again.")
    : refused(outcome.code, outcome.message);
}
