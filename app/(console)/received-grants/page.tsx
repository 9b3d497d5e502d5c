import type { Metadata } from "next";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import { Card, PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/table";
import { formatMinor } from "@/lib/format";
import { requirePageSession } from "@/lib/auth/guards";
import { roleRefusal } from "@/lib/auth/rights";
import { sponsorToSend } from "@/app/(console)/received-grants/_lib/billing-mode";
import { BillingModeBadge, GrantStatus, GrantWindow } from "../grants/_components/grant-row-facts";
import { BillingModeChoice } from "./_components/billing-mode-choice";

export const metadata: Metadata = { title: "Received grants" };

export default async function ReceivedGrantsPage() {
  const { session, api } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/received-grants");
  if (notOffered) return notOffered;
  const { data } = await api.listReceivedSponsorshipGrants();
  const received = data.sponsorshipGrants;
  const choiceRefusal = roleRefusal(session, "chooseSponsorshipBillingMode");
  return (
    <>
      <PageHeader
        title="Received grants"
        description="Sponsors who cover your calls. In your own terms, your plan and credit pay first and the sponsor covers the rest; where a sponsor permits it, you may switch permanently to its terms."
      />
      <Card>
        <DataTable
          caption="Grants received by your Client"
          columns={[
            "Reference",
            "Sponsor",
            "Endpoint keys",
            "Dates",
            "Monthly cap",
            "Billing mode",
            "Status",
            "Choice",
          ]}
          rows={received}
          keyOf={(g) => `${g.sponsorClientId}:${g.reference}`}
          rowTestId="received-grant-row"
          empty="No sponsor has issued you a grant."
          cells={(g) => [
            g.reference,
            <code key="sponsor">{g.sponsorClientId ?? "—"}</code>,
            (g.endpointKeys ?? []).join(", ") || "—",
            <GrantWindow key="dates" grant={g} />,
            g.monthlyCapMinor === null || g.monthlyCapMinor === undefined
              ? "no cap"
              : formatMinor(g.monthlyCapMinor, g.currency),
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
