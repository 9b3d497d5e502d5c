import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { MasterOnly } from "../../_components/master-only";
import { mayCall } from "@/lib/auth/rights";
import { WorkspaceForm } from "./_components/workspace-form";

export const metadata: Metadata = { title: "Provision a partner workspace" };

export default async function NewWorkspacePage() {
  const { session } = await requirePageSession();
  if (!mayCall(session, "createPartnerWorkspace")) return <MasterOnly />;
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
