import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotOffered } from "@/app/(console)/_components/not-offered";
import { PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { beneficiaryChoices } from "@/app/(console)/grants/_lib/beneficiary-choices";
import { EMPTY_GRANT_FORM } from "@/app/(console)/grants/_lib/grant-form";
import { mayCall } from "@/lib/auth/rights";
import { GrantForm } from "../_components/grant-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("grants"))("issue") };
}

export default async function NewGrantPage() {
  const { session, api } = await requirePageSession();
  if (!mayCall(session, "upsertSponsorshipGrant"))
    return <NotOffered session={session} operation="upsertSponsorshipGrant" />;
  const beneficiaries = await beneficiaryChoices(api, session.clientId);
  const t = await getTranslations("grants");
  return (
    <>
      <PageHeader
        trail={[{ href: "/grants", label: t("title") }, t("new.crumb")]}
        title={t("issue")}
      />
      <GrantForm mode="issue" initial={EMPTY_GRANT_FORM} beneficiaries={beneficiaries} />
    </>
  );
}
