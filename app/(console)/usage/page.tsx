import type { Metadata } from "next";
import { TableHead } from "@/components/ui/table";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { UsagePanel } from "@/app/(console)/usage/_components/usage-panel";
import { requirePageSession } from "@/lib/auth/guards";
import { formatCount, formatMinor } from "@/lib/format";

export const metadata: Metadata = { title: "Usage and credit" };

export default async function UsagePage() {
  const { api } = await requirePageSession();
  const credits = await api.getClientCredits();
  const usage = await api.getClientUsage();
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
      <Card title="This period" className="mt-6">
        <UsagePanel usage={usage.data} />
      </Card>
      <Card title="Visible plans" className="mt-6">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Standard and custom plans visible to this Client</caption>
          <TableHead
            columns={["Plan", "Type", "Endpoint key", "Included per month", "Assigned to you"]}
          />
          <tbody>
            {plans.data.plans.map((p) => (
              <tr key={p.id} className="border-t border-slate-100">
                <td className="py-2 pr-4">{p.name ?? p.id}</td>
                <td className="py-2 pr-4">{p.type ?? "—"}</td>
                <td className="py-2 pr-4">
                  <code>{p.endpoint_key}</code>
                </td>
                <td className="py-2 pr-4">
                  {p.included_monthly_quantity === 0
                    ? "no included quota"
                    : formatCount(p.included_monthly_quantity)}
                </td>
                <td className="py-2">
                  {p.active === undefined ? "—" : p.active ? <Badge tone="green">yes</Badge> : "no"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}
