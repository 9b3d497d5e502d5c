import { NextResponse } from "next/server";
import { actionSession } from "@/lib/auth/guards";
import { mayCall } from "@/lib/auth/rights";
import { readListParams } from "@/lib/list-params";
import { subUsersListParams } from "@/lib/sub-users/sub-user-rows";
import { subUsersPage } from "@/lib/sub-users/sub-user-index";

const noStore = { "Cache-Control": "no-store" };

/** One page of the Master's Sub-users for a search, filter, sort and page (the list's keystrokes). */
export async function GET(request: Request) {
  const started = performance.now();
  const signedIn = await actionSession();
  const sessionRead = performance.now();
  if ("refused" in signedIn)
    return NextResponse.json({ error: "unauthenticated" }, { status: 401, headers: noStore });
  if (!mayCall(signedIn.session, "listClientUsers"))
    return NextResponse.json({ error: "forbidden" }, { status: 403, headers: noStore });
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const params = readListParams(subUsersListParams, search);
  const page = await subUsersPage(signedIn.session.clientId, params);
  const answered = performance.now();
  return NextResponse.json(page, {
    headers: {
      ...noStore,
      // The browser's resource timing shows where a keystroke's wait went (the benchmark reads it).
      "Server-Timing": `session;dur=${(sessionRead - started).toFixed(1)}, page;dur=${(answered - sessionRead).toFixed(1)}`,
    },
  });
}
