import { type NextRequest } from "next/server";
import { finishAgentAuthorization, ownerOf } from "@/lib/agent/agent-connection";
import { readSession } from "@/lib/auth/session";
import { cleanRedirect } from "@/lib/http/clean-redirect";
import { recordAudit } from "@/lib/store/audit-log";

/**
 * Where the service's consent page sends the browser back. The flow must be this browser
 * session's; the code is exchanged on the server and the address is cleaned at once.
 */
export async function GET(request: NextRequest) {
  const go = cleanRedirect;
  const state = await readSession();
  if (state.kind !== "active") return go("/sign-in?reason=expired");
  const q = request.nextUrl.searchParams;
  const outcome = await finishAgentAuthorization(state.session, ownerOf(state), {
    state: q.get("state") ?? undefined,
    code: q.get("code") ?? undefined,
    error: q.get("error") ?? undefined,
  }).catch(() => "invalid" as const);
  await recordAudit({
    session: state.session,
    clientId: state.session.clientId,
    operationId: "console.connectAgent",
    outcome: outcome === "connected" ? "success" : "failure",
    errorCode: outcome === "connected" ? null : outcome,
  });
  return go(`/agent?connection=${outcome}`);
}
