import type { Metadata } from "next";
import Link from "next/link";
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
      <p className="mb-2 text-sm">
        <Link href="/workspaces" className="text-brand-700 underline">
          Partner workspaces
        </Link>{" "}
        / New
      </p>
      <PageHeader
        title="Provision a partner workspace"
        description="A workspace is a new Client below yours with its own key, allowlist and, if you wish, a grant from you. Provisioning is not replay-safe."
      />
      <WorkspaceForm />
    </>
  );
}
