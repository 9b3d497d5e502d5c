import { NextResponse } from "next/server";
import { actionSession } from "@/lib/auth/guards";
import { pollJobOnce } from "@/app/(console)/jobs/_lib/job-store";

/** The job view's poll: checks the session itself, polls the service once, answers the stored state. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const signedIn = await actionSession();
  if ("refused" in signedIn)
    return NextResponse.json(
      { error: "unauthenticated" },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  const { id } = await params;
  const job = await pollJobOnce(signedIn.readJobStatus, signedIn.session.organizationId, id);
  if (!job)
    return NextResponse.json(
      { error: "not_found" },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  return NextResponse.json(job, { headers: { "Cache-Control": "no-store" } });
}
