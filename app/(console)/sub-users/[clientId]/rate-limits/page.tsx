import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { MasterOnly } from "../../../_components/master-only";
import { mayCall } from "@/lib/auth/rights";
import { RateLimitEditor } from "./_components/rate-limit-editor";

export const metadata: Metadata = { title: "Rate limits" };

export default async function RateLimitsPage({
  params,
}: {
  params: Promise<{ clientId: string }>;
}) {
  const { session, api } = await requirePageSession();
  if (!mayCall(session, "replaceClientUserRateLimits")) return <MasterOnly />;
  const { clientId } = await params;
  const { data } = await api.listClientUsers();
  const user = data.clientUsers.find((u) => u.id === clientId);
  if (!user) notFound();
  const name = user.name ?? clientId;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/sub-users" className="text-brand-700 underline">
          Sub-users
        </Link>{" "}
        /{" "}
        <Link
          href={`/sub-users/${encodeURIComponent(clientId)}`}
          className="text-brand-700 underline"
        >
          {name}
        </Link>{" "}
        / Rate limits
      </p>
      <PageHeader
        title={`Rate limits of ${name}`}
        description="Each rule limits requests per window for one endpoint key (or * for all), optionally for one API key. Without any rule, the service's defaults apply."
      />
      <RateLimitEditor
        clientId={clientId}
        current={user.rateLimits ?? null}
        keys={(user.apiKeys ?? []).map((k) => ({ id: k.id, label: k.label }))}
      />
    </>
  );
}
