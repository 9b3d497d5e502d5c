import type { Metadata } from "next";
import { NotOffered } from "@/app/(console)/_components/not-offered";
import { PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { beneficiaryChoices } from "@/app/(console)/grants/_lib/beneficiary-choices";
import { EMPTY_GRANT_FORM } from "@/app/(console)/grants/_lib/grant-form";
import { mayCall } from "@/lib/auth/rights";
import { GrantForm } from "../_components/grant-form";

export const metadata: Metadata = { title: "Issue a grant" };

export default async function NewGrantPage() {
  const { session, api } = await requirePageSession();
  if (!mayCall(session, "upsertSponsorshipGrant"))
    return <NotOffered session={session} operation="upsertSponsorshipGrant" />;
  const beneficiaries = await beneficiaryChoices(api, session.clientId);
  return (
    <>
      <PageHeader
        trail={[{ href: "/grants", label: "Issued grants" }, "New"]}
        title="Issue a grant"
      />
      <GrantForm mode="issue" initial={EMPTY_GRANT_FORM} beneficiaries={beneficiaries} />
    </>
  );
}
