import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { type PilotState } from "@/lib/api/pilot-state";

/** The pilot's switches in plain words, in the order the interface names them. */
const GATES = [
  "allowlisted",
  "approvedPrices",
  "atomicBilling",
  "observedSupply",
  "dealerPanel",
  "adaptiveRefresh",
  "vinEconomicIntelligence",
] as const;

/**
 * Where the signed-in account stands in the Intelligence pilot: a plain explanation for
 * accounts outside it (not an error), and what is and is not available for those inside.
 */
export function PilotStatePanel({ pilot }: { pilot: PilotState }) {
  const t = useTranslations("intelligence.pilot");
  if (pilot.state === "unknown") return <p className="text-sm text-slate-600">{t("unknown")}</p>;
  if (pilot.state === "closed")
    return (
      <Alert tone="info" title={t("closedTitle")}>
        {t("closedBody")}
      </Alert>
    );
  return (
    <section aria-label={t("switches")} className="space-y-2">
      <p className="text-sm text-slate-700">{t("inPilot", { environment: pilot.environment })}</p>
      <ul className="grid gap-1 text-sm sm:grid-cols-2" data-testid="pilot-gates">
        {GATES.map((gate) => (
          <li key={gate} className="flex items-center gap-2">
            <Badge tone={pilot.gates[gate] ? "green" : "neutral"}>
              {pilot.gates[gate] ? t("on") : t("off")}
            </Badge>
            {t(`gates.${gate}`)}
          </li>
        ))}
      </ul>
      {!pilot.gates.observedSupply || !pilot.gates.dealerPanel ? (
        <p className="text-sm text-slate-600">{t("littleEvidence")}</p>
      ) : null}
    </section>
  );
}
