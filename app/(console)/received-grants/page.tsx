import type { Metadata } from "next";
import { Card, PageHeader } from "@/components/ui/card";
import { TableHead } from "@/components/ui/table";
import { formatMinor } from "@/lib/format";
import { requirePageSession } from "@/lib/auth/guards";
import { sponsorToSend } from "@/app/(console)/received-grants/_lib/billing-mode";
import { BillingModeBadge, GrantStatus, GrantWindow } from "../grants/_components/grant-row-facts";
import { BillingModeChoice } from "./_components/billing-mode-choice";

export const metadata: Metadata = { title: "Received grants" };

export default async function ReceivedGrantsPage() {
  const { api } = await requirePageSession();
  const { data } = await api.listReceivedSponsorshipGrants();
  const received = data.sponsorshipGrants;
  return (
    <>
      <PageHeader
        title="Received grants"
        description="Sponsors who cover your calls. In your own terms, your plan and credit pay first and the sponsor covers the rest; where a sponsor permits it, you may switch permanently to its terms."
      />
      <Card>
        {received.length === 0 ? (
          <p className="text-sm text-slate-600">No sponsor has issued you a grant.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Grants received by your Client</caption>
              <TableHead
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
              />
              <tbody>
                {received.map((g) => (
                  <tr
                    key={`${g.sponsorClientId}:${g.reference}`}
                    className="border-t border-slate-100 align-top"
                    data-testid="received-grant-row"
                  >
                    <td className="py-2 pr-4">{g.reference}</td>
                    <td className="py-2 pr-4">
                      <code>{g.sponsorClientId ?? "—"}</code>
                    </td>
                    <td className="py-2 pr-4">{(g.endpointKeys ?? []).join(", ") || "—"}</td>
                    <td className="py-2 pr-4">
                      <GrantWindow grant={g} />
                    </td>
                    <td className="py-2 pr-4">
                      {g.monthlyCapMinor === null || g.monthlyCapMinor === undefined
                        ? "no cap"
                        : formatMinor(g.monthlyCapMinor, g.currency)}
                    </td>
                    <td className="py-2 pr-4">
                      <BillingModeBadge mode={g.billingMode} />
                    </td>
                    <td className="py-2 pr-4">
                      <GrantStatus grant={g} />
                    </td>
                    <td className="py-2">
                      <BillingModeChoice grant={g} sponsorClientId={sponsorToSend(g, received)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}
