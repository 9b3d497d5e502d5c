import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotOffered } from "@/app/(console)/_components/not-offered";
import { PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { mayCall } from "@/lib/auth/rights";
import { WorkspaceForm } from "./_components/workspace-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("workspaces.new"))("title") };
}

export default async function NewWorkspacePage() {
  const { session } = await requirePageSession();
  if (!mayCall(session, "createPartnerWorkspace"))
    return <NotOffered session={session} operation="createPartnerWorkspace" />;
  const t = await getTranslations("workspaces");
  return (
    <>
      <PageHeader
        trail={[{ href: "/workspaces", label: t("title") }, t("new.crumb")]}
        title={t("new.title")}
        description={t("new.description")}
      />
      <WorkspaceForm />
    </>
  );
}
