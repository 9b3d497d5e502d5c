import type { Metadata } from "next";
import Link from "next/link";
import { CoverageMeter } from "@/app/(console)/grants/_components/coverage-meter";
import { Card, PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/table";
import { type SponsorshipGrant } from "@/lib/api/contract/client-admin";
import { requirePageSession } from "@/lib/auth/guards";
import { MasterOnly } from "../_components/master-only";
import { mayCall } from "@/lib/auth/rights";
import { BillingModeBadge, GrantStatus, GrantWindow } from "./_components/grant-row-facts";

export const metadata: Metadata = { title: "Issued grants" };

function GrantTable({ grants, caption }: { grants: SponsorshipGrant[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
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
      rows={grants}
      keyOf={(g) => g.reference}
      rowTestId="grant-row"
      empty="None."
      cells={(g) => [
        <Link
          key="ref"
          className="text-brand-700 underline"
          href={`/grants/issued/${encodeURIComponent(g.reference)}`}
        >
          {g.reference}
        </Link>,
        <code key="beneficiary">{g.beneficiaryClientId ?? "—"}</code>,
        (g.endpointKeys ?? []).join(", ") || "—",
        (g.channels ?? []).join(", ") || "—",
        <GrantWindow key="dates" grant={g} />,
        g.allowPartnerTerms === undefined
          ? "—"
          : g.allowPartnerTerms
            ? "permitted"
            : "not permitted",
        <BillingModeBadge key="mode" mode={g.billingMode} />,
        <CoverageMeter key="coverage" grant={g} />,
        <GrantStatus key="status" grant={g} />,
      ]}
    />
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
