import type { Metadata } from "next";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import { type SearchPageProps } from "@/lib/list-params";
import { DataTable } from "@/components/ui/table";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { formatCount, formatMinor } from "@/lib/format";
import { UsageCards } from "@/app/(console)/usage/_components/usage-cards";
import { recordUsageReading } from "@/lib/usage/usage-readings";

export const metadata: Metadata = { title: "Usage and credit" };

export default async function UsagePage({ searchParams }: SearchPageProps) {
  const { api, session } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/usage");
  if (notOffered) return notOffered;
  const credits = await api.getClientCredits();
  const usage = await api.getClientUsage();
  await recordUsageReading(usage.data, "page");
  const plans = await api.listPlans();
  const currency = credits.data.currency ?? usage.data.currency ?? "EUR";
  return (
    <>
      <PageHeader
        title="Usage and credit"
        description="Plans include a monthly quantity per endpoint key; past it, or without a plan, calls are charged to the credit balance. Credit postings and plan changes are made by the provider."
      />
      <div className="grid gap-6 md:grid-cols-3">
        <Card title="Credit balance">
          <p className="text-2xl font-semibold" data-testid="credit-balance">
            {formatMinor(credits.data.balanceMinor, currency)}
          </p>
        </Card>
        <Card title="Billing mode">
          <p className="text-lg" data-testid="billing-mode">
            {credits.data.billingMode === "invoice"
              ? "Invoice"
              : credits.data.billingMode === "prepaid"
                ? "Prepaid credit"
                : credits.data.billingMode}
          </p>
        </Card>
        <Card title="Client">
          <code>{credits.data.clientId}</code>
        </Card>
      </div>
      <UsageCards
        usage={usage.data}
        clientId={session.clientId}
        path="/usage"
        searchParams={await searchParams}
        titles={["This period", "Over time"]}
        currency={currency}
      />
      <Card title="Visible plans" className="mt-6">
        <DataTable
          caption="Standard and custom plans visible to this Client"
          columns={["Plan", "Type", "Endpoint key", "Included per month", "Assigned to you"]}
          rows={plans.data.plans}
          keyOf={(p) => p.id}
          empty="No plan is visible to this Client."
          cells={(p) => [
            p.name ?? p.id,
            p.type ?? "—",
            <code key="key">{p.endpoint_key}</code>,
            p.included_monthly_quantity === 0
              ? "no included quota"
              : formatCount(p.included_monthly_quantity),
            p.active === undefined ? "—" : p.active ? <Badge tone="green">yes</Badge> : "no",
          ]}
        />
      </Card>
    </>
  );
}
