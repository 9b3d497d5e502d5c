import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import { type SearchPageProps } from "@/lib/list-params";
import { DataTable } from "@/components/ui/table";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { UsageCards } from "@/app/(console)/usage/_components/usage-cards";
import { recordUsageReading } from "@/lib/usage/usage-readings";
import { getFormats } from "@/lib/i18n/formats-server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("usage"))("title") };
}

export default async function UsagePage({ searchParams }: SearchPageProps) {
  const formats = await getFormats();
  const { api, session } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/usage");
  if (notOffered) return notOffered;
  const credits = await api.getClientCredits();
  const usage = await api.getClientUsage();
  await recordUsageReading(usage.data, "page");
  const plans = await api.listPlans();
  const currency = credits.data.currency ?? usage.data.currency ?? "EUR";
  const t = await getTranslations("usage");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid gap-6 md:grid-cols-3">
        <Card title={t("creditBalance")}>
          <p className="text-2xl font-semibold" data-testid="credit-balance">
            {formats.money(credits.data.balanceMinor, currency)}
          </p>
        </Card>
        <Card title={t("billingMode")}>
          <p className="text-lg" data-testid="billing-mode">
            {credits.data.billingMode === "invoice"
              ? t("modes.invoice")
              : credits.data.billingMode === "prepaid"
                ? t("modes.prepaid")
                : credits.data.billingMode}
          </p>
        </Card>
        <Card title={t("client")}>
          <code>{credits.data.clientId}</code>
        </Card>
      </div>
      <UsageCards
        usage={usage.data}
        clientId={session.clientId}
        path="/usage"
        searchParams={await searchParams}
        titles={[t("periodTitle"), t("historyTitle")]}
        currency={currency}
      />
      <Card title={t("plans.title")} className="mt-6">
        <DataTable
          caption={t("plans.caption")}
          columns={[
            t("plans.columns.plan"),
            t("plans.columns.type"),
            t("plans.columns.endpointKey"),
            t("plans.columns.included"),
            t("plans.columns.assigned"),
          ]}
          rows={plans.data.plans}
          keyOf={(p) => p.id}
          empty={t("plans.empty")}
          cells={(p) => [
            p.name ?? p.id,
            p.type ?? "—",
            <code key="key">{p.endpoint_key}</code>,
            p.included_monthly_quantity === 0
              ? t("plans.noQuota")
              : formats.count(p.included_monthly_quantity),
            p.active === undefined ? (
              "—"
            ) : p.active ? (
              <Badge tone="green">{t("plans.yes")}</Badge>
            ) : (
              t("plans.no")
            ),
          ]}
        />
      </Card>
    </>
  );
}
