import type { Metadata } from "next";
import Link from "next/link";
import { CoverageMeter } from "@/app/(console)/grants/_components/coverage-meter";
import { Card, PageHeader } from "@/components/ui/card";
import { TableHead } from "@/components/ui/table";
import { type SponsorshipGrant } from "@/lib/api/contract/client-admin";
import { requirePageSession } from "@/lib/auth/guards";
import { MasterOnly } from "../_components/master-only";
import { mayCall } from "@/lib/auth/rights";
import { BillingModeBadge, GrantStatus, GrantWindow } from "./_components/grant-row-facts";

export const metadata: Metadata = { title: "Issued grants" };

function GrantTable({ grants, caption }: { grants: SponsorshipGrant[]; caption: string }) {
  if (grants.length === 0) return <p className="text-sm text-slate-600">None.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <TableHead
          columns={[
            "Reference",
            "Beneficiary",
            "Endpoint keys",
            "Channels",
            "Dates",
            "Switch to your terms",
            "Billing mode",
            "Covered this month",
            "Status",
          ]}
        />
        <tbody>
          {grants.map((g) => (
            <tr
              key={g.reference}
              className="border-t border-slate-100 align-top"
              data-testid="grant-row"
            >
              <td className="py-2 pr-4">
                <Link
                  className="text-brand-700 underline"
                  href={`/grants/issued/${encodeURIComponent(g.reference)}`}
                >
                  {g.reference}
                </Link>
              </td>
              <td className="py-2 pr-4">
                <code>{g.beneficiaryClientId ?? "—"}</code>
              </td>
              <td className="py-2 pr-4">{(g.endpointKeys ?? []).join(", ") || "—"}</td>
              <td className="py-2 pr-4">{(g.channels ?? []).join(", ") || "—"}</td>
              <td className="py-2 pr-4">
                <GrantWindow grant={g} />
              </td>
              <td className="py-2 pr-4">
                {g.allowPartnerTerms === undefined
                  ? "—"
                  : g.allowPartnerTerms
                    ? "permitted"
                    : "not permitted"}
              </td>
              <td className="py-2 pr-4">
                <BillingModeBadge mode={g.billingMode} />
              </td>
              <td className="py-2 pr-4">
                <CoverageMeter grant={g} />
              </td>
              <td className="py-2">
                <GrantStatus grant={g} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default async function GrantsPage() {
  const { session, api } = await requirePageSession();
  if (!mayCall(session, "listSponsorshipGrants")) return <MasterOnly />;
  const { data } = await api.listSponsorshipGrants();
  const active = data.sponsorshipGrants.filter((g) => g.active);
  const historical = data.sponsorshipGrants.filter((g) => !g.active);
  return (
    <>
      <PageHeader
        title="Issued grants"
        description="Grants let another Client's calls be covered by you: their own plan and credit pay first, you cover the rest up to the monthly cap."
        actions={
          <Link
            href="/grants/new"
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Issue a grant
          </Link>
        }
      />
      <Card title={`Active (${active.length})`}>
        <GrantTable grants={active} caption="Active grants" />
      </Card>
      <Card title={`Historical (${historical.length})`} className="mt-6">
        <GrantTable grants={historical} caption="Revoked or ended grants" />
      </Card>
    </>
  );
}
