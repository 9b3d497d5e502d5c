import { type NextRequest } from "next/server";
import { redirectCallbackQuery } from "@/lib/api/contract/vin";
import { readSession } from "@/lib/auth/session";
import { cleanRedirect } from "@/lib/http/clean-redirect";
import { consoleLog } from "@/lib/log/console-log";
import { consumeState } from "@/app/(console)/vin/_lib/vin-flows";

/**
 * Where the service sends the dealer back. It checks the session and the single-use `state`,
 * fetches nothing, and redirects to a clean address, so svcId and state leave the address bar
 * and never travel on as a referrer.
 */
export async function GET(request: NextRequest) {
  const go = cleanRedirect;
  const state = await readSession();
  if (state.kind !== "active") return go("/sign-in?reason=expired");

  const query = Object.fromEntries(request.nextUrl.searchParams);
  const parsed = redirectCallbackQuery.safeParse(query);
  if (!parsed.success) {
    return go(
      `/vin?refused=${typeof query.state === "string" && query.state ? "malformed" : "missing"}`,
    );
  }
  const outcome =
    parsed.data.status === "completed"
      ? { status: "completed" as const, svcId: parsed.data.svcId }
      : { status: "cancelled" as const };
  const result = await consumeState(state.session, parsed.data.state, outcome);
  if (!result.ok) {
    consoleLog().warn("VIN callback refused", {
      reason: result.reason,
      clientId: state.session.clientId,
    });
    return go(`/vin?refused=${result.reason}`);
  }
  return go(`/vin/flows/${result.flowId}`);
}
