import { type NextRequest } from "next/server";
import { done, refused } from "@/lib/actions/action-result";
import { asConsoleDuty } from "@/lib/actions/console-duty";
import { finishAgentAuthorization, ownerOf } from "@/lib/agent/agent-connection";
import { cleanRedirect } from "@/lib/http/clean-redirect";

/**
 * Where the service's consent page sends the browser back. The flow must be this browser
 * session's; the code is exchanged on the server and the address is cleaned at once. It runs as
 * the duty that started it: its outcome is audited (a failed audit write is logged, never turned
 * into a failure of a connection already stored).
 */
export async function GET(request: NextRequest) {
  const go = cleanRedirect;
  const q = request.nextUrl.searchParams;
  const result = await asConsoleDuty(
    { duty: "connectAgent", event: "console.connectAgent", target: undefined },
    async (signed) => {
      const outcome = await finishAgentAuthorization(signed.session, ownerOf(signed), {
        state: q.get("state") ?? undefined,
        code: q.get("code") ?? undefined,
        error: q.get("error") ?? undefined,
      }).catch(() => "invalid" as const);
      return outcome === "connected"
        ? done(outcome)
        : refused(outcome, "The agent endpoint was not connected.");
    },
  );
  if (!result.ok && (result.code === "unauthenticated" || result.code === "expired"))
    return go("/sign-in?reason=expired");
  return go(`/agent?connection=${result.ok ? result.data : result.code}`);
}
