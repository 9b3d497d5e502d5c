import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotOffered } from "@/app/(console)/_components/not-offered";
import { PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { mayCall } from "@/lib/auth/rights";
import { roleRefusalIn } from "@/lib/auth/refusal-words";
import { SubUsersSection } from "./_components/sub-users-section";
import { subUsersListParams } from "@/lib/sub-users/sub-user-rows";
import { subUsersPage } from "@/lib/sub-users/sub-user-index";
import { subUsersForPage } from "./_lib/sub-users-for-page";
import { readListParams, type SearchPageProps } from "@/lib/list-params";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("subUsers"))("title") };
}

export default async function SubUsersPage({ searchParams }: SearchPageProps) {
  const { session, api } = await requirePageSession();
  if (!mayCall(session, "listClientUsers"))
    return <NotOffered session={session} operation="listClientUsers" />;
  const params = readListParams(subUsersListParams, await searchParams);
  // Read from the console's index; only the page shown crosses to the browser.
  await subUsersForPage(api, session.clientId);
  const first = await subUsersPage(session.clientId, params);
  const t = await getTranslations("subUsers");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <SubUsersSection
        first={first}
        initial={{ ...params, page: first.page }}
        createRefusal={await roleRefusalIn(session, "createClientUser")}
      />
    </>
  );
}
