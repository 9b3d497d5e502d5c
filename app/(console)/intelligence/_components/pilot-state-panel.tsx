import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { type PilotState } from "@/lib/api/pilot-state";

/** The pilot's switches in plain words, in the order the interface names them. */
const GATE_TEXT = [
  ["allowlisted", "Your account is in the pilot"],
  ["approvedPrices", "Approved prices are active"],
  ["atomicBilling", "Atomic billing is active"],
  ["observedSupply", "Observed listings (asking prices) are available"],
  ["dealerPanel", "Verified sales from the dealer panel are available"],
  ["adaptiveRefresh", "Stale data can be refreshed (as a job)"],
  ["vinEconomicIntelligence", "VIN Economic Intelligence is enabled"],
] as const;

/**
 * Where the signed-in account stands in the Intelligence pilot: a plain explanation for
 * accounts outside it (not an error), and what is and is not available for those inside.
 */
export function PilotStatePanel({ pilot }: { pilot: PilotState }) {
  if (pilot.state === "unknown")
    return (
      <p className="text-sm text-slate-600">
        Market intelligence is a closed, paid pilot. The service does not say which of its switches
        are on for your account; its answers below will.
      </p>
    );
  if (pilot.state === "closed")
    return (
      <Alert tone="info" title="Your account is not in the Intelligence pilot">
        Market intelligence is a closed pilot: it delivers results only to accounts that are
        allowlisted and have approved prices and atomic billing. Until then the service answers part
        reads with &ldquo;a refresh would be needed&rdquo;, history without points, and VIN Economic
        Intelligence as disabled. Ask your provider to join the pilot; nothing here is broken.
      </Alert>
    );
  return (
    <section aria-label="Your pilot switches" className="space-y-2">
      <p className="text-sm text-slate-700">
        Your account is in the pilot ({pilot.environment}). What the service can deliver to it:
      </p>
      <ul className="grid gap-1 text-sm sm:grid-cols-2" data-testid="pilot-gates">
        {GATE_TEXT.map(([gate, text]) => (
          <li key={gate} className="flex items-center gap-2">
            <Badge tone={pilot.gates[gate] ? "green" : "neutral"}>
              {pilot.gates[gate] ? "On" : "Off"}
            </Badge>
            {text}
          </li>
        ))}
      </ul>
      {!pilot.gates.observedSupply || !pilot.gates.dealerPanel ? (
        <p className="text-sm text-slate-600">
          Without observed listings and verified sales, results carry little evidence: scores are
          empty or not publishable, and the page says why.
        </p>
      ) : null}
    </section>
  );
}
