"use server";

import { revalidatePath } from "next/cache";
import { type ActionResult, done, refused } from "@/lib/actions/action-result";
import { actionSession } from "@/lib/auth/guards";
import { stepUpWithCode } from "@/lib/people/step-up";
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
    return refused("invalid_input", "Enter the 6-digit code from your authenticator app.");
  if (!(await stepUpWithCode(signedIn.session, code)))
    return refused(
      "code_wrong",
      "This code is not right, or was used already. Wait for the next one.",
    );
  return done(null);
}
