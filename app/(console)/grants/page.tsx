import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotOffered } from "@/app/(console)/_components/not-offered";
import { Link } from "@/components/ui/link";
import { CoverageMeter } from "@/app/(console)/grants/_components/coverage-meter";
import { Card, PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/table";
import { type SponsorshipGrant } from "@/lib/api/contract/client-admin";
import { requirePageSession } from "@/lib/auth/guards";
import { mayCall } from "@/lib/auth/rights";
import { roleRefusalIn } from "@/lib/auth/refusal-words";
import { RefusedAction } from "@/components/ui/refused-action";
import { BillingModeBadge, GrantStatus, GrantWindow } from "./_components/grant-row-facts";
import { beneficiaryNames } from "./_lib/beneficiaries";
import { z } from "zod";
import { CopyableId } from "@/components/ui/copyable-id";
import { SelectField, TextField } from "@/components/ui/field";
import { FilterForm } from "@/components/ui/filter-form";
import {
  idParam,
  listHref,
  oneOf,
  readListParams,
  textParam,
  type SearchPageProps,
} from "@/lib/list-params";
import { getFormats } from "@/lib/i18n/formats-server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("grants"))("title") };
}

const grantsListParams = z.object({
  q: textParam,
  beneficiary: idParam,
  sort: oneOf(["reference-asc", "reference-desc", "issued-desc", "issued-asc"], "reference-asc"),
});
type GrantsListParams = z.output<typeof grantsListParams>;
const GRANTS_DEFAULTS = { q: "", beneficiary: "", sort: "reference-asc" } as const;

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
const ORDER: Record<
  GrantsListParams["sort"],
  (a: SponsorshipGrant, b: SponsorshipGrant) => number
> = {
  "reference-asc": (a, b) => collator.compare(a.reference, b.reference),
  "reference-desc": (a, b) => collator.compare(b.reference, a.reference),
  "issued-desc": (a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? ""),
  "issued-asc": (a, b) => (a.createdAt ?? "").localeCompare(b.createdAt ?? ""),
};

async function GrantTable({
  grants,
  caption,
  names,
  params,
}: {
  grants: SponsorshipGrant[];
  caption: string;
  names: Map<string, string>;
  params: GrantsListParams;
}) {
  const formats = await getFormats();
  const t = await getTranslations("grants");
  const href = (sort: GrantsListParams["sort"]) =>
    listHref("/grants", params, { sort }, GRANTS_DEFAULTS);
  const byReference = params.sort.startsWith("reference");
  return (
    <DataTable
      caption={caption}
      columns={[
        {
          label: t("columns.reference"),
          sort: byReference
            ? params.sort === "reference-asc"
              ? "ascending"
              : "descending"
            : undefined,
          sortHref: href(params.sort === "reference-asc" ? "reference-desc" : "reference-asc"),
        },
        t("columns.beneficiary"),
        t("columns.endpointKeys"),
        t("columns.channels"),
        t("columns.dates"),
        t("columns.partnerTerms"),
        t("columns.billingMode"),
        t("columns.covered"),
        t("columns.status"),
        {
          label: t("columns.issued"),
          sort: byReference ? undefined : params.sort === "issued-asc" ? "ascending" : "descending",
          sortHref: href(params.sort === "issued-desc" ? "issued-asc" : "issued-desc"),
        },
      ]}
      rows={grants}
      keyOf={(g) => g.reference}
      rowTestId="grant-row"
      empty={t("empty")}
      cells={(g) => [
        <Link
          key="ref"
          className="text-brand-700 underline"
          href={`/grants/issued/${encodeURIComponent(g.reference)}`}
        >
          {g.reference}
        </Link>,
        g.beneficiaryClientId ? (
          <CopyableId
            key="beneficiary"
            id={g.beneficiaryClientId}
            name={names.get(g.beneficiaryClientId)}
            kind={t("clientId")}
          />
        ) : (
          "—"
        ),
        (g.endpointKeys ?? []).join(", ") || "—",
        (g.channels ?? []).join(", ") || "—",
        <GrantWindow key="dates" grant={g} />,
        g.allowPartnerTerms === undefined
          ? "—"
          : g.allowPartnerTerms
            ? t("permitted")
            : t("notPermitted"),
        <BillingModeBadge key="mode" mode={g.billingMode} />,
        <CoverageMeter key="coverage" grant={g} />,
        <GrantStatus key="status" grant={g} />,
        formats.date(g.createdAt),
      ]}
    />
  );
}

export default async function GrantsPage({ searchParams }: SearchPageProps) {
  const { session, api } = await requirePageSession();
  if (!mayCall(session, "listSponsorshipGrants"))
    return <NotOffered session={session} operation="listSponsorshipGrants" />;
  const params = readListParams(grantsListParams, await searchParams);
  const { data } = await api.listSponsorshipGrants();
  const names = await beneficiaryNames(api, session.clientId, data.sponsorshipGrants);
  const needle = params.q.toLowerCase();
  const shown = data.sponsorshipGrants
    .filter(
      (g) =>
        (!params.beneficiary || g.beneficiaryClientId === params.beneficiary) &&
        (!needle ||
          [g.reference, g.beneficiaryClientId ?? "", names.get(g.beneficiaryClientId ?? "") ?? ""]
            .join("\u0000")
            .toLowerCase()
            .includes(needle)),
    )
    .sort(ORDER[params.sort]);
  const active = shown.filter((g) => g.active);
  const historical = shown.filter((g) => !g.active);
  const issueRefusal = await roleRefusalIn(session, "upsertSponsorshipGrant");
  const t = await getTranslations("grants");
  const beneficiaries = [
    ...new Set(data.sponsorshipGrants.map((g) => g.beneficiaryClientId).filter((id) => id != null)),
  ];
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          issueRefusal ? (
            <RefusedAction label={t("issue")} refusal={issueRefusal} />
          ) : (
            <Link
              href="/grants/new"
              className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              {t("issue")}
            </Link>
          )
        }
      />
      <FilterForm
        keep={{ sort: params.sort }}
        action="/grants"
        defaults={GRANTS_DEFAULTS}
        label={t("filter.label")}
      >
        <TextField label={t("filter.search")} name="q" type="search" defaultValue={params.q} />
        <SelectField
          choices={beneficiaries.map(
            (id) => [id, names.get(id) ? `${names.get(id)} (${id})` : id] as const,
          )}
          label={t("filter.beneficiary")}
          name="beneficiary"
          defaultValue={params.beneficiary}
        >
          <option value="">{t("filter.allBeneficiaries")}</option>
        </SelectField>
      </FilterForm>
      <Card title={t("active", { count: active.length })}>
        <GrantTable grants={active} caption={t("activeCaption")} names={names} params={params} />
      </Card>
      <Card title={t("historical", { count: historical.length })} className="mt-6">
        <GrantTable
          grants={historical}
          caption={t("historicalCaption")}
          names={names}
          params={params}
        />
      </Card>
    </>
  );
}
