import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotOffered } from "@/app/(console)/_components/not-offered";
import { type RoutePageProps } from "@/lib/list-params";
import { PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { mayCall } from "@/lib/auth/rights";
import { findSubUser } from "@/app/(console)/sub-users/_lib/find-sub-user";
import { RateLimitEditor } from "./_components/rate-limit-editor";
import { defaultLimitSentence } from "@/app/(console)/sub-users/_lib/default-limit";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("subUsers.rateLimits"))("title") };
}

export default async function RateLimitsPage({
  params,
}: Pick<RoutePageProps<{ clientId: string }>, "params">) {
  const { session, api } = await requirePageSession();
  if (!mayCall(session, "replaceClientUserRateLimits"))
    return <NotOffered session={session} operation="replaceClientUserRateLimits" />;
  const { clientId } = await params;
  const user = await findSubUser(api, session.clientId, clientId);
  const name = user.name ?? clientId;
  const t = await getTranslations("subUsers.rateLimits");
  const tn = await getTranslations("subUsers");
  return (
    <>
      <PageHeader
        trail={[
          { href: "/sub-users", label: tn("title") },
          { href: `/sub-users/${encodeURIComponent(clientId)}`, label: name },
          t("title"),
        ]}
        title={t("heading", { name })}
        description={t("description")}
      />
      <p className="mb-4 text-sm text-slate-700" data-testid="default-limit">
        {await defaultLimitSentence()}
      </p>
      <RateLimitEditor
        clientId={clientId}
        current={user.rateLimits ?? null}
        keys={(user.apiKeys ?? []).map((k) => ({ id: k.id, label: k.label }))}
      />
    </>
  );
}
