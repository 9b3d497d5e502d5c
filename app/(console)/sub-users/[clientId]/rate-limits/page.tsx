import type { Metadata } from "next";
import { NotOffered } from "@/app/(console)/_components/not-offered";
import { type RoutePageProps } from "@/lib/list-params";
import { PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { mayCall } from "@/lib/auth/rights";
import { findSubUser } from "@/app/(console)/sub-users/_lib/find-sub-user";
import { RateLimitEditor } from "./_components/rate-limit-editor";
import { defaultLimitSentence } from "@/app/(console)/sub-users/_lib/default-limit";

export const metadata: Metadata = { title: "Rate limits" };

export default async function RateLimitsPage({
  params,
}: Pick<RoutePageProps<{ clientId: string }>, "params">) {
  const { session, api } = await requirePageSession();
  if (!mayCall(session, "replaceClientUserRateLimits"))
    return <NotOffered session={session} operation="replaceClientUserRateLimits" />;
  const { clientId } = await params;
  const user = await findSubUser(api, session.clientId, clientId);
  const name = user.name ?? clientId;
  return (
    <>
      <PageHeader
        trail={[
          { href: "/sub-users", label: "Sub-users" },
          { href: `/sub-users/${encodeURIComponent(clientId)}`, label: name },
          "Rate limits",
        ]}
        title={`Rate limits of ${name}`}
        description="Each rule limits requests per window for one endpoint key (or * for all), optionally for one API key."
      />
      <p className="mb-4 text-sm text-slate-700" data-testid="default-limit">
        {defaultLimitSentence()}
      </p>
      <RateLimitEditor
        clientId={clientId}
        current={user.rateLimits ?? null}
        keys={(user.apiKeys ?? []).map((k) => ({ id: k.id, label: k.label }))}
      />
    </>
  );
}
