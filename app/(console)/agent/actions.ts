"use server";

import { getTranslations } from "next-intl/server";
import {
  AgentConnectionError,
  callAgentTool,
  disconnectAgent,
  ownerOf,
  type PlaygroundOutcome,
  startAgentAuthorization,
} from "@/lib/agent/agent-connection";
import { asConsoleDuty } from "@/lib/actions/console-duty";
import { playgroundForm } from "./_lib/playground.schema";
import { type ActionResult, done, refused } from "@/lib/actions/action-result";
import { agentTool } from "@/lib/api/contract/agent-tools";
import { demoServiceSignInFor } from "@/lib/demo/console-demo-accounts";

/**
 * The console's own connection to the agent endpoint. These are not operations of the service
 * (the OAuth flow and MCP are): each runs as a console duty, its refusals audited too.
 */

export async function connectAgentAction(): Promise<ActionResult<{ redirectUrl: string }>> {
  return asConsoleDuty(
    { duty: "connectAgent", event: "console.startAgentConnection", target: undefined },
    async ({ session }) => {
      const t = await getTranslations("agent.errors");
      try {
        return done({ redirectUrl: await startAgentAuthorization(session) });
      } catch (error) {
        if (error instanceof AgentConnectionError)
          return refused("agent_unavailable", t(error.reason));
        return refused("agent_unavailable", t("authorisationSilent"));
      }
    },
  );
}

/**
 * The demo account's own service sign-in, to type on the consent page: the one flow a demo
 * password reaches the browser, after a click, for the account the session is signed in as,
 * and only for an owner or admin (`readDemoSecrets`): the password acts for the whole account.
 */
export async function revealDemoSignInAction(): Promise<
  ActionResult<{ login: string; password: string }>
> {
  // Audited (who saw it, never what): the password acts for the whole account.
  return asConsoleDuty(
    { duty: "readDemoSecrets", event: "console.revealDemoSignIn", target: undefined },
    async ({ session }) => {
      const signIn = demoServiceSignInFor(session);
      if (!signIn)
        return refused("no_demo_sign_in", (await getTranslations("agent.errors"))("noDemoSignIn"));
      return done(signIn);
    },
  );
}

export async function disconnectAgentAction(): Promise<ActionResult<null>> {
  return asConsoleDuty(
    { duty: "connectAgent", event: "console.disconnectAgent", target: undefined, page: "/agent" },
    async (signed) => {
      await disconnectAgent(ownerOf(signed));
      return done(null);
    },
  );
}

export async function callAgentToolAction(input: {
  tool: string;
  arguments: string;
}): Promise<ActionResult<PlaygroundOutcome>> {
  const tool = typeof input?.tool === "string" ? input.tool : undefined;
  return asConsoleDuty(
    { duty: "connectAgent", event: "console.callAgentTool", target: tool },
    async (signed) => {
      const t = await getTranslations("agent.errors");
      const parsed = playgroundForm.safeParse(input);
      if (!parsed.success) return refused("invalid_request", t("incomplete"));
      if (!agentTool(parsed.data.tool))
        return refused("invalid_request", t("chooseTool"), { tool: t("chooseTool") });
      let args: unknown;
      try {
        args = parsed.data.arguments.trim() ? JSON.parse(parsed.data.arguments) : {};
      } catch {
        return refused("invalid_request", t("notJson"), { arguments: t("writeObject") });
      }
      if (typeof args !== "object" || args === null || Array.isArray(args))
        return refused("invalid_request", t("notObject"), { arguments: t("writeObject") });
      try {
        return done(
          await callAgentTool(ownerOf(signed), parsed.data.tool, args as Record<string, unknown>),
        );
      } catch (error) {
        if (error instanceof AgentConnectionError)
          return refused("agent_not_connected", t(error.reason));
        // A paid call may have reached the service: never repeat it automatically.
        return {
          ok: false,
          outcome: "unknown",
          code: "outcome_unknown",
          message: t("lost"),
        } as const;
      }
    },
  );
}
