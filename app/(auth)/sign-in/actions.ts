"use server";

import { redirect } from "next/navigation";
import { ServiceError, ServiceUnreachableError } from "@/lib/api/client";
import { type ActionResult } from "@/lib/actions/action-result";
import { identifyClient } from "@/lib/auth/identify-client";
import { endSession, readSession, startSession } from "@/lib/auth/session";
import { recordAudit } from "@/lib/store/audit-log";
import { demoAccount } from "@/lib/demo/demo-accounts";
import { messageForCode } from "@/lib/operations/code-sentences";
import { consoleLog } from "@/lib/log/console-log";
import { signInSchema } from "./sign-in.schema";

async function signInWith(
  apiKey: string,
  accountLabel: string | null,
): Promise<ActionResult<never>> {
  try {
    const identity = await identifyClient(apiKey);
    await startSession(apiKey, { ...identity, accountLabel });
    await recordAudit({
      clientId: identity.clientId,
      operationId: "console.signIn",
      outcome: "success",
      detail: {
        after: {
          role: identity.isMaster ? "Master client" : "Sub-user",
          environment: identity.environment,
          with: accountLabel ? `demo account ${accountLabel}` : "an API key",
        },
      },
    }).catch((error: unknown) => consoleLog().error("audit write failed", { error }));
    consoleLog().info("signed in", {
      clientId: identity.clientId,
      isMaster: identity.isMaster,
      environment: identity.environment,
    });
  } catch (error) {
    if (error instanceof ServiceError) {
      consoleLog().info("sign-in refused", { code: error.code });
      return {
        ok: false,
        outcome: "refused",
        code: error.code,
        message: messageForCode(error.code),
        fieldErrors: { apiKey: messageForCode(error.code) },
      };
    }
    if (error instanceof ServiceUnreachableError) {
      return {
        ok: false,
        outcome: "refused",
        code: "service_unreachable",
        message: "The service could not be reached. Try again in a moment.",
      };
    }
    consoleLog().error("sign-in failed", { error });
    return {
      ok: false,
      outcome: "refused",
      code: "console_error",
      message: "Signing in failed in the console. Try again.",
    };
  }
  redirect("/");
}

export async function signInWithKey(input: { apiKey: string }): Promise<ActionResult<never>> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      outcome: "refused",
      code: "invalid_input",
      message: "Paste an API key.",
      fieldErrors: { apiKey: parsed.error.issues[0]!.message },
    };
  }
  return signInWith(parsed.data.apiKey, null);
}

/** The browser names a demo account; the key stays on the server. */
export async function signInAsDemo(accountId: string): Promise<ActionResult<never>> {
  const account = typeof accountId === "string" ? demoAccount(accountId) : undefined;
  if (!account)
    return {
      ok: false,
      outcome: "refused",
      code: "unknown_demo_account",
      message: "This demo account is not available.",
    };
  return signInWith(account.apiKey, account.label);
}

export async function signOut(): Promise<void> {
  const state = await readSession();
  await endSession();
  if (state.kind === "active")
    await recordAudit({
      clientId: state.session.clientId,
      operationId: "console.signOut",
      outcome: "success",
    }).catch((error: unknown) => consoleLog().error("audit write failed", { error }));
  redirect("/sign-in?reason=signed-out");
}
