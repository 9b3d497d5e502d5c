import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import { Card, PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/table";
import { requirePageSession } from "@/lib/auth/guards";
import { roleRefusalIn } from "@/lib/auth/refusal-words";
import { sponsorToSend } from "@/app/(console)/received-grants/_lib/billing-mode";
import { BillingModeBadge, GrantStatus, GrantWindow } from "../grants/_components/grant-row-facts";
import { BillingModeChoice } from "./_components/billing-mode-choice";
import { getFormats } from "@/lib/i18n/formats-server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("receivedGrants"))("title") };
}

export default async function ReceivedGrantsPage() {
  const formats = await getFormats();
  const { session, api } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/received-grants");
  if (notOffered) return notOffered;
  const { data } = await api.listReceivedSponsorshipGrants();
  const received = data.sponsorshipGrants;
  const choiceRefusal = await roleRefusalIn(session, "chooseSponsorshipBillingMode");
  const t = await getTranslations("receivedGrants");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <DataTable
          caption={t("caption")}
          columns={[
            t("columns.reference"),
            t("columns.sponsor"),
            t("columns.endpointKeys"),
            t("columns.dates"),
            t("columns.monthlyCap"),
            t("columns.billingMode"),
            t("columns.status"),
            t("columns.choice"),
          ]}
          rows={received}
          keyOf={(g) => `${g.sponsorClientId}:${g.reference}`}
          rowTestId="received-grant-row"
          empty={t("empty")}
          cells={(g) => [
            g.reference,
            <code key="sponsor">{g.sponsorClientId ?? "—"}</code>,
            (g.endpointKeys ?? []).join(", ") || "—",
            <GrantWindow key="dates" grant={g} />,
            g.monthlyCapMinor === null || g.monthlyCapMinor === undefined
              ? t("noCap")
              : formats.money(g.monthlyCapMinor, g.currency),
            <BillingModeBadge key="mode" mode={g.billingMode} />,
            <GrantStatus key="status" grant={g} />,
            <BillingModeChoice
              key="choice"
              grant={g}
              sponsorClientId={sponsorToSend(g, received)}
              refusal={choiceRefusal}
            />,
          ]}
        />
      </Card>
    </>
  );
}
