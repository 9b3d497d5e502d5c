import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotOffered } from "@/app/(console)/_components/not-offered";
import { notFound } from "next/navigation";
import { CoverageMeter } from "@/app/(console)/grants/_components/coverage-meter";
import { Alert } from "@/components/ui/alert";
import { CopyableId } from "@/components/ui/copyable-id";
import { Facts } from "@/components/ui/facts";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { beneficiaryChoices } from "@/app/(console)/grants/_lib/beneficiary-choices";
import { grantToFormValues } from "@/app/(console)/grants/_lib/grant-form";
import { mayCall } from "@/lib/auth/rights";
import { roleRefusalIn } from "@/lib/auth/refusal-words";
import { RefusedAction } from "@/components/ui/refused-action";
import { GrantForm } from "../../_components/grant-form";
import { BillingModeBadge, GrantStatus, GrantWindow } from "../../_components/grant-row-facts";
import { RevokeGrant } from "../../_components/revoke-grant";
import { getFormats } from "@/lib/i18n/formats-server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("grants.detail"))("title") };
}

export default async function GrantPage({
  params,
  searchParams,
}: {
  params: Promise<{ reference: string }>;
  searchParams: Promise<{ saved?: string; replayed?: string }>;
}) {
  const formats = await getFormats();
  const { session, api } = await requirePageSession();
  if (!mayCall(session, "listSponsorshipGrants"))
    return <NotOffered session={session} operation="listSponsorshipGrants" />;
  const { reference } = await params;
  const { saved, replayed } = await searchParams;
  const grants = await api.listSponsorshipGrants();
  const grant = grants.data.sponsorshipGrants.find((g) => g.reference === reference);
  if (!grant) notFound();
  const beneficiaries = await beneficiaryChoices(api, session.clientId, grant.beneficiaryClientId);
  const replaceRefusal = await roleRefusalIn(session, "upsertSponsorshipGrant");
  const revokeRefusal = await roleRefusalIn(session, "revokeSponsorshipGrant");
  const t = await getTranslations("grants");
  const facts: [string, React.ReactNode][] = [
    [t("detail.facts.status"), <GrantStatus key="s" grant={grant} />],
    [
      t("detail.facts.beneficiary"),
      grant.beneficiaryClientId ? (
        <CopyableId
          key="b"
          id={grant.beneficiaryClientId}
          name={beneficiaries.options.find((u) => u.id === grant.beneficiaryClientId)?.name}
          kind={t("clientId")}
        />
      ) : (
        "—"
      ),
    ],
    [t("detail.facts.endpointKeys"), (grant.endpointKeys ?? []).join(", ") || "—"],
    [t("detail.facts.channels"), (grant.channels ?? []).join(", ") || t("detail.none")],
    [t("detail.facts.dates"), <GrantWindow key="w" grant={grant} />],
    [t("detail.facts.partnerTerms"), grant.allowPartnerTerms ? t("permitted") : t("notPermitted")],
    [t("detail.facts.billingMode"), <BillingModeBadge key="m" mode={grant.billingMode} />],
    [
      t("detail.facts.monthlyCap"),
      grant.monthlyCapMinor === null || grant.monthlyCapMinor === undefined
        ? t("detail.noCap")
        : formats.money(grant.monthlyCapMinor, grant.currency),
    ],
    [t("detail.facts.covered"), <CoverageMeter key="c" grant={grant} />],
    [t("detail.facts.issued"), formats.dateTime(grant.createdAt)],
    ...(grant.revokedAt
      ? ([[t("detail.facts.revoked"), formats.dateTime(grant.revokedAt)]] as [
          string,
          React.ReactNode,
        ][])
      : []),
  ];
  return (
    <>
      <PageHeader
        trail={[{ href: "/grants", label: t("title") }, reference]}
        title={t("detail.heading", { reference })}
        actions={
          grant.revokedAt ? null : revokeRefusal ? (
            <RefusedAction label={t("detail.revoke")} variant="danger" refusal={revokeRefusal} />
          ) : (
            <RevokeGrant
              reference={reference}
              beneficiary={grant.beneficiaryClientId ?? t("detail.theBeneficiary")}
            />
          )
        }
      />
      {saved ? (
        <Alert tone="success" className="mb-4">
          {t("detail.saved")}
        </Alert>
      ) : null}
      {replayed ? (
        <Alert tone="info" className="mb-4">
          {t("detail.replayed")}
        </Alert>
      ) : null}
      <Card title={t("detail.card")}>
        <Facts facts={facts} />
      </Card>
      <Card title={t("detail.replace")} className="mt-6">
        {grant.revokedAt ? (
          <p className="text-sm text-slate-600">{t("detail.revokedCannotChange")}</p>
        ) : replaceRefusal ? (
          <RefusedAction label={t("detail.reviewChanges")} refusal={replaceRefusal} />
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
