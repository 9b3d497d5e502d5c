import type { Metadata } from "next";
import { NotOffered } from "@/app/(console)/_components/not-offered";
import { PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { mayCall } from "@/lib/auth/rights";
import { WorkspaceForm } from "./_components/workspace-form";

export const metadata: Metadata = { title: "Provision a partner workspace" };

export default async function NewWorkspacePage() {
  const { session } = await requirePageSession();
  if (!mayCall(session, "createPartnerWorkspace"))
    return <NotOffered session={session} operation="createPartnerWorkspace" />;
  return (
    <>
      <PageHeader
        trail={[{ href: "/workspaces", label: "Partner workspaces" }, "New"]}
        title="Provision a partner workspace"
        description="A workspace is a new Client below yours with its own key, allowlist and, if you wish, a grant from you. Provisioning is not replay-safe."
      />
      <WorkspaceForm />
    </>
  );
}
