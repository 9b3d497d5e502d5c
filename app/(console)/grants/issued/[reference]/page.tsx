import type { Metadata } from "next";
import { NotOffered } from "@/app/(console)/_components/not-offered";
import { notFound } from "next/navigation";
import { CoverageMeter } from "@/app/(console)/grants/_components/coverage-meter";
import { Alert } from "@/components/ui/alert";
import { CopyableId } from "@/components/ui/copyable-id";
import { Facts } from "@/components/ui/facts";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { formatDateTime, formatMinor } from "@/lib/format";
import { beneficiaryChoices } from "@/app/(console)/grants/_lib/beneficiary-choices";
import { grantToFormValues } from "@/app/(console)/grants/_lib/grant-form";
import { mayCall, roleRefusal } from "@/lib/auth/rights";
import { RefusedAction } from "@/components/ui/refused-action";
import { GrantForm } from "../../_components/grant-form";
import { BillingModeBadge, GrantStatus, GrantWindow } from "../../_components/grant-row-facts";
import { RevokeGrant } from "../../_components/revoke-grant";

export const metadata: Metadata = { title: "Grant" };

export default async function GrantPage({
  params,
  searchParams,
}: {
  params: Promise<{ reference: string }>;
  searchParams: Promise<{ saved?: string; replayed?: string }>;
}) {
  const { session, api } = await requirePageSession();
  if (!mayCall(session, "listSponsorshipGrants"))
    return <NotOffered session={session} operation="listSponsorshipGrants" />;
  const { reference } = await params;
  const { saved, replayed } = await searchParams;
  const grants = await api.listSponsorshipGrants();
  const grant = grants.data.sponsorshipGrants.find((g) => g.reference === reference);
  if (!grant) notFound();
  const beneficiaries = await beneficiaryChoices(api, session.clientId, grant.beneficiaryClientId);
  const replaceRefusal = roleRefusal(session, "upsertSponsorshipGrant");
  const revokeRefusal = roleRefusal(session, "revokeSponsorshipGrant");
  const facts: [string, React.ReactNode][] = [
    ["Status", <GrantStatus key="s" grant={grant} />],
    [
      "Beneficiary",
      grant.beneficiaryClientId ? (
        <CopyableId
          key="b"
          id={grant.beneficiaryClientId}
          name={beneficiaries.options.find((u) => u.id === grant.beneficiaryClientId)?.name}
          kind="Client id"
        />
      ) : (
        "—"
      ),
    ],
    ["Endpoint keys", (grant.endpointKeys ?? []).join(", ") || "—"],
    ["Channels", (grant.channels ?? []).join(", ") || "none"],
    ["Dates", <GrantWindow key="w" grant={grant} />],
    ["Switch to your terms", grant.allowPartnerTerms ? "permitted" : "not permitted"],
    ["Beneficiary's billing mode", <BillingModeBadge key="m" mode={grant.billingMode} />],
    [
      "Monthly cap",
      grant.monthlyCapMinor === null || grant.monthlyCapMinor === undefined
        ? "no cap"
        : formatMinor(grant.monthlyCapMinor, grant.currency),
    ],
    ["Covered this month", <CoverageMeter key="c" grant={grant} />],
    ["Issued", formatDateTime(grant.createdAt)],
    ...(grant.revokedAt
      ? ([["Revoked", formatDateTime(grant.revokedAt)]] as [string, React.ReactNode][])
      : []),
  ];
  return (
    <>
      <PageHeader
        trail={[{ href: "/grants", label: "Issued grants" }, reference]}
        title={`Grant ${reference}`}
        actions={
          grant.revokedAt ? null : revokeRefusal ? (
            <RefusedAction label="Revoke…" variant="danger" refusal={revokeRefusal} />
          ) : (
            <RevokeGrant
              reference={reference}
              beneficiary={grant.beneficiaryClientId ?? "the beneficiary"}
            />
          )
        }
      />
      {saved ? (
        <Alert tone="success" className="mb-4">
          Saved.
        </Alert>
      ) : null}
      {replayed ? (
        <Alert tone="info" className="mb-4">
          Saved. The service answered with the stored result of the same request sent earlier
          (idempotent replay); nothing was applied twice.
        </Alert>
      ) : null}
      <Card title="Grant">
        <Facts facts={facts} />
      </Card>
      <Card title="Replace" className="mt-6">
        {grant.revokedAt ? (
          <p className="text-sm text-slate-600">
            A revoked grant cannot change. Issue a new grant under another reference.
          </p>
        ) : replaceRefusal ? (
          <RefusedAction label="Review changes" refusal={replaceRefusal} />
        ) : (
          <GrantForm
            // A saved replacement remounts the form with the terms the service now holds.
            key={grant.updatedAt ?? JSON.stringify(grant)}
            mode="replace"
            initial={grantToFormValues(grant)}
            before={grant}
            beneficiaries={beneficiaries}
          />
        )}
      </Card>
    </>
  );
}
