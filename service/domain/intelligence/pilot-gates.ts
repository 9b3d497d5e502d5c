import { z } from "zod";
import { PILOT_GATES, pilotGatesInput, type PilotGates } from "@/lib/api/contract/pilot-gates";
import { type KeyEnvironment } from "@/lib/api/contract/api-keys";

/**
 * The Intelligence pilot's gates, per Client and environment (docs/reference-service.md). Each
 * one is a switch the interface names: a real result needs `allowlisted`, `approvedPrices` and
 * `atomicBilling` together; the others decide which evidence exists and what may run as a job.
 */
export { PILOT_GATES, type PilotGates };
/** What a Client's `intelligence_pilot` column (and the configuration variable) holds. */
export const pilotSettings = z.strictObject({
  production: pilotGatesInput.optional(),
  sandbox: pilotGatesInput.optional(),
});
export type PilotSettings = z.infer<typeof pilotSettings>;

/** Production today, as the interface describes it: nothing open. */
export const CLOSED_GATES: PilotGates = Object.fromEntries(
  PILOT_GATES.map((g) => [g, false]),
) as PilotGates;

/** Every gate open: the sandbox pilot account. */
export const OPEN_GATES: PilotGates = Object.fromEntries(
  PILOT_GATES.map((g) => [g, true]),
) as PilotGates;

/** The pilot as production runs it once priced: materialized data only, no refresh, no VIN EI. */
export const PRODUCTION_PILOT_GATES: PilotGates = {
  ...CLOSED_GATES,
  allowlisted: true,
  approvedPrices: true,
  atomicBilling: true,
};

/** A Client's gates in one environment; anything not stated is closed. */
export function gatesOf(settings: unknown, environment: KeyEnvironment): PilotGates {
  const parsed = pilotSettings.safeParse(settings ?? {});
  const stated = parsed.success ? parsed.data[environment] : undefined;
  return { ...CLOSED_GATES, ...stated };
}

/** No real result is delivered unless the Client is in the pilot with prices and atomic billing. */
export function deliversResults(g: PilotGates): boolean {
  return g.allowlisted && g.approvedPrices && g.atomicBilling;
}

/** Why no real result is delivered, in the words an integrator needs. */
export function closedGateReason(g: PilotGates): string {
  if (!g.allowlisted) return "this Client is not allowlisted for the Intelligence pilot";
  if (!g.approvedPrices) return "approved positive prices are not active for this Client";
  return "atomic billing is not active for this Client";
}

/**
 * `SERVICE_INTELLIGENCE_PILOT`: a JSON object from Client id to its gates per environment,
 * applied at start-up over what the database holds.
 */
export const pilotConfiguration = z.record(z.string().min(1), pilotSettings);
export type PilotConfiguration = z.infer<typeof pilotConfiguration>;
