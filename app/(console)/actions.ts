"use server";

import { revalidatePath } from "next/cache";
import { type ActionResult, done, refused } from "@/lib/actions/action-result";
import { actionSession } from "@/lib/auth/guards";
import { serverWords } from "@/lib/actions/server-words";
import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { ceremonyResponse } from "@/lib/people/passkey-input";
import { authenticationOptions, passkeysOf } from "@/lib/people/passkeys";
import { type StepUpOutcome, stepUpWithCode, stepUpWithPasskey } from "@/lib/people/step-up";
import { waitOf } from "@/lib/people/sign-in-throttle";
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
  const t = await serverWords("people.stepUp");
  if ("refused" in signedIn) return refused(signedIn.refused, t("signInAgain"));
  const code = typeof input?.code === "string" ? input.code : "";
  if (!/^\s*\d{3}\s?\d{3}\s*$/.test(code)) return refused("invalid_input", t("codeFormat"));
  const outcome = await stepUpWithCode(signedIn.session, code);
  if (outcome.ok) return done(null);
  // Only a wrong code is shown: past the bound, the session has ended and sign-in says why.
  return outcome.code === "wrong" ? refused("code_wrong", t("wrong")) : stepUpEnded(outcome, t);
}

/** The challenge for a person to confirm it is them with one of their passkeys. */
export async function stepUpPasskeyOptionsAction(): Promise<
  ActionResult<{ ceremony: string; options: PublicKeyCredentialRequestOptionsJSON }>
> {
  const signedIn = await actionSession();
  const t = await serverWords("people.stepUp");
  if ("refused" in signedIn) return refused(signedIn.refused, t("signInAgain"));
  const { actor } = signedIn.session;
  if (actor.kind !== "person") return refused("not_a_person", t("notAPerson"));
  if (!(await passkeysOf(actor.personId)).length) return refused("no_passkey", t("noPasskey"));
  return done(await authenticationOptions("step-up", actor.personId));
}

/** A person confirms it is them with one of their passkeys. */
export async function confirmStepUpWithPasskeyAction(input: unknown): Promise<ActionResult<null>> {
  const signedIn = await actionSession();
  const t = await serverWords("people.stepUp");
  if ("refused" in signedIn) return refused(signedIn.refused, t("signInAgain"));
  const { session } = signedIn;
  const parsed = ceremonyResponse.safeParse(input);
  if (!parsed.success || session.actor.kind !== "person")
    return refused("invalid_input", t("passkeyUnread"));
  const outcome = await stepUpWithPasskey(
    session,
    parsed.data.ceremony,
    parsed.data.response as unknown as AuthenticationResponseJSON,
  );
  if (outcome.ok) return done(null);
  return outcome.code === "wrong"
    ? refused("passkey_refused", t("passkeyRefused"))
    : stepUpEnded(outcome, t);
}

/** A confirmation past its bound, in the reader's words: the session has ended. */
function stepUpEnded(
  outcome: Extract<StepUpOutcome, { code: "too_many_attempts" | "session_ended" }>,
  t: Awaited<ReturnType<typeof serverWords<"people.stepUp">>>,
) {
  return outcome.code === "too_many_attempts"
    ? refused(outcome.code, t("tooManyConfirmations", waitOf(outcome.waitSeconds)))
    : refused(outcome.code, t("sessionEnded"));
}
