import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { dateTimeForInput, daysAgo } from "@/lib/dates";
import { PilotStatePanel } from "../_components/pilot-state-panel";
import { VinEconomicForm } from "../_components/intelligence-forms";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("intelligence.vin"))("title") };
}

export default async function VinEconomicPage() {
  const { pilotState } = await requirePageSession();
  const pilot = await pilotState();
  const enabled =
    pilot.state === "unknown" || (pilot.state === "open" && pilot.gates.vinEconomicIntelligence);
  // To the minute, rounded down: "now" is never in the future.
  const asOf = dateTimeForInput(daysAgo(0));
  const t = await getTranslations("intelligence");
  return (
    <>
      <PageHeader
        trail={[{ href: "/intelligence", label: t("title") }, t("vin.title")]}
        title={t("vin.title")}
        description={t("vin.description")}
      />
      {enabled ? (
        <Card title={t("vin.scope")}>
          <VinEconomicForm asOf={asOf} />
        </Card>
      ) : (
        <Card title={t("vin.notAvailable")}>
          <PilotStatePanel pilot={pilot} />
          <p className="mt-3 text-sm text-slate-600">{t("vin.disabled")}</p>
        </Card>
      )}
    </>
  );
}
