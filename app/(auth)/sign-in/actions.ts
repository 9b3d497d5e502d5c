"use server";

import { redirect } from "next/navigation";
import { ServiceError, ServiceUnreachableError } from "@/lib/api/client";
import { type ActionResult, parseInput, refused } from "@/lib/actions/action-result";
import { identifyClient } from "@/lib/auth/identify-client";
import { endSession, readSession, startSession } from "@/lib/auth/session";
import { requestOrigin } from "@/lib/http/request-origin";
import { demoAccount, demoPerson } from "@/lib/demo/console-demo-accounts";
import { messageForCode } from "@/lib/operations/code-sentences";
import { serverWords } from "@/lib/actions/server-words";
import { consoleLog } from "@/lib/log/console-log";
import { connectOrganization } from "@/lib/people/organizations";
import { startPersonSession } from "@/lib/people/person-session";
import { recordKeySignIn, recordRefusedSignIn, recordSignOut } from "@/lib/people/sign-in-audit";
import { credentialsOf, claimTotpCode } from "@/lib/people/people";
import { verifyPassword } from "@/lib/people/passwords";
import { attempt, waitOf } from "@/lib/people/sign-in-throttle";
import { passwordSignInSchema, signInSchema } from "./sign-in.schema";

async function signInWith(
  apiKey: string,
  accountLabel: string | null,
): Promise<ActionResult<never>> {
  const t = await serverWords("people.signIn");
  try {
    const identity = await identifyClient(apiKey);
    const organization = await connectOrganization(
      identity,
      apiKey,
      accountLabel ?? identity.clientId,
    );
    const where = { clientId: identity.clientId, organizationId: organization.id };
    if (!organization.keySignIn) {
      await recordKeySignIn(where, { outcome: "failure", errorCode: "key_sign_in_off" });
      return refused("key_sign_in_off", t("keySignInOff"), { apiKey: t("keySignInOffField") });
    }
    await startSession(
      { ...identity, apiKey, accountLabel, organizationId: organization.id },
      await requestOrigin(),
    );
    await recordKeySignIn(where, {
      outcome: "success",
      detail: {
        after: {
          role: identity.isMaster ? "Master client" : "Sub-user",
          environment: identity.environment,
          with: accountLabel ? `demo account ${accountLabel}` : "an API key",
        },
      },
    });
    consoleLog().info("signed in", {
      clientId: identity.clientId,
      isMaster: identity.isMaster,
      environment: identity.environment,
    });
  } catch (error) {
    if (error instanceof ServiceError) {
      consoleLog().info("sign-in refused", { code: error.code });
      const codes = await serverWords("codes");
      return refused(error.code, messageForCode(error.code, undefined, undefined, codes), {
        apiKey: messageForCode(error.code, undefined, undefined, codes),
      });
    }
    if (error instanceof ServiceUnreachableError)
      return refused("service_unreachable", t("unreachable"));
    consoleLog().error("sign-in failed", { error });
    return refused("console_error", t("consoleError"));
  }
  redirect("/");
}

export async function signInWithKey(input: { apiKey: string }): Promise<ActionResult<never>> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success)
    return refused("invalid_input", (await serverWords("people.signIn"))("pasteKey"), {
      apiKey: parsed.error.issues[0]!.message,
    });
  return signInWith(parsed.data.apiKey, null);
}

/** The browser names a demo account; the key stays on the server. */
export async function signInAsDemo(accountId: string): Promise<ActionResult<never>> {
  const account = typeof accountId === "string" ? demoAccount(accountId) : undefined;
  if (!account)
    return refused(
      "unknown_demo_account",
      (await serverWords("people.signIn"))("demoAccountUnavailable"),
    );
  return signInWith(account.apiKey, account.label);
}

/**
 * A person's sign-in with their address, password and a code from their authenticator. One
 * answer for every mistake, so it never tells whether an address has an account; throttled per
 * address and per source across console instances, with the time to wait.
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  code: string;
}): Promise<ActionResult<never>> {
  const t = await serverWords("people.signIn");
  const parsed = parseInput(passwordSignInSchema, input, t("missing"));
  if ("ok" in parsed) return parsed;
  const { email, password, code } = parsed.data;
  const origin = await requestOrigin();
  const source = origin.sourceAddress ?? "unknown";
  const checked = await attempt({ surface: "password", account: email, source }, async () => {
    const account = await credentialsOf(email);
    const passwordRight = await verifyPassword(password, account?.passwordHash ?? null);
    const codeRight = passwordRight && account ? await claimTotpCode(account.id, code) : false;
    if (account && !codeRight)
      await recordRefusedSignIn(account.id, passwordRight ? "code_wrong" : "password_wrong");
    return codeRight ? account : undefined;
  });
  if (checked.kind === "wait")
    return refused(
      "too_many_attempts",
      (await serverWords("people"))("tooManyAttempts", waitOf(checked.waitSeconds)),
    );
  if (checked.kind === "wrong")
    return refused("sign_in_refused", t("wrong"), { password: t("wrong") });
  const account = checked.value;
  const problem = await startPersonSession({ id: account.id, email }, true, "password and code");
  if (problem) return problem;
  redirect("/");
}

/** One click for a demo person of the quickstart: the embedded demo only, never a real service. */
export async function signInAsDemoPerson(personKey: string): Promise<ActionResult<never>> {
  const person = typeof personKey === "string" ? await demoPerson(personKey) : undefined;
  if (!person)
    return refused(
      "unknown_demo_person",
      (await serverWords("people.signIn"))("demoPersonUnavailable"),
    );
  const problem = await startPersonSession(person, false, "demo person");
  if (problem) return problem;
  redirect("/");
}

export async function signOut(): Promise<void> {
  const state = await readSession();
  await endSession();
  if (state.kind === "active") await recordSignOut(state.session);
  redirect("/sign-in?reason=signed-out");
}
