import { z } from "zod";

/**
 * The Intelligence pilot's gates, as the reference service configures them per Client and
 * environment and answers them at `/pilot/gates` (an extension, not an operation of the
 * interface). One list for the service and the console.
 */
export const PILOT_GATES = [
  "allowlisted",
  "approvedPrices",
  "atomicBilling",
  "observedSupply",
  "dealerPanel",
  "adaptiveRefresh",
  "vinEconomicIntelligence",
] as const;
export type PilotGate = (typeof PILOT_GATES)[number];
export type PilotGates = Record<PilotGate, boolean>;

const gateFlags = <T extends z.ZodType>(flag: T) =>
  z.strictObject(Object.fromEntries(PILOT_GATES.map((g) => [g, flag])) as Record<PilotGate, T>);

/** Every gate stated. */
export const pilotGates = gateFlags(z.boolean());
/** Gates as configured: those not stated are closed. */
export const pilotGatesInput = gateFlags(z.boolean().optional());

/** `GET /pilot/gates`. */
export const pilotGatesAnswer = z.object({
  clientId: z.string(),
  environment: z.enum(["production", "sandbox"]),
  gates: pilotGates,
  deliversResults: z.boolean(),
  /** Enabled for the agent endpoint (MCP) preview. */
  agentAccess: z.boolean().optional(),
});
