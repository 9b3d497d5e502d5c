import type { Metadata } from "next";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { dateTimeForInput, daysAgo } from "@/lib/dates";
import { PilotStatePanel } from "../_components/pilot-state-panel";
import { VinEconomicForm } from "../_components/intelligence-forms";

export const metadata: Metadata = { title: "VIN Economic Intelligence" };

export default async function VinEconomicPage() {
  const { pilotState } = await requirePageSession();
  const pilot = await pilotState();
  const enabled =
    pilot.state === "unknown" || (pilot.state === "open" && pilot.gates.vinEconomicIntelligence);
  // To the minute, rounded down: "now" is never in the future.
  const asOf = dateTimeForInput(daysAgo(0));
  return (
    <>
      <PageHeader
        trail={[
          { href: "/intelligence", label: "Market intelligence" },
          "VIN Economic Intelligence",
        ]}
        title="VIN Economic Intelligence"
        description="The vehicle's parts, resolved to clusters and valued as a risk-adjusted portfolio. It runs as a job this console follows."
      />
      {enabled ? (
        <Card title="Scope">
          <VinEconomicForm asOf={asOf} />
        </Card>
      ) : (
        <Card title="Not available">
          <PilotStatePanel pilot={pilot} />
          <p className="mt-3 text-sm text-slate-600">
            VIN Economic Intelligence is disabled for your account; the service would answer a
            request as disabled.
          </p>
        </Card>
      )}
    </>
  );
}
