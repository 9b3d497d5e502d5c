import "server-only";
import { z } from "zod";
import { HEADERS } from "./contract/headers";

/**
 * Whether the signed-in Client is in the Intelligence pilot, and with which gates. The interface
 * has no operation for it; the reference service answers it at `/pilot/gates` (an extension).
 * Against a service without it the state is "unknown" and the console lets the answers speak.
 */
const GATE_NAMES = [
  "allowlisted",
  "approvedPrices",
  "atomicBilling",
  "observedSupply",
  "dealerPanel",
  "adaptiveRefresh",
  "vinEconomicIntelligence",
] as const;
const gatesAnswer = z.object({
  environment: z.enum(["production", "sandbox"]),
  gates: z.object(
    Object.fromEntries(GATE_NAMES.map((g) => [g, z.boolean()])) as Record<
      (typeof GATE_NAMES)[number],
      z.ZodBoolean
    >,
  ),
  deliversResults: z.boolean(),
});
export type PilotGates = z.infer<typeof gatesAnswer>["gates"];
export type PilotState =
  | { state: "open" | "closed"; environment: "production" | "sandbox"; gates: PilotGates }
  | { state: "unknown" };

export async function readPilotState(baseUrl: string, apiKey: string): Promise<PilotState> {
  try {
    const res = await fetch(new URL("pilot/gates", baseUrl.replace(/\/?$/, "/")), {
      headers: { [HEADERS.apiKey]: apiKey, Accept: "application/json" },
      signal: AbortSignal.timeout(3_000),
      cache: "no-store",
    });
    if (!res.ok) return { state: "unknown" };
    const parsed = gatesAnswer.safeParse(await res.json());
    if (!parsed.success) return { state: "unknown" };
    const { environment, gates, deliversResults } = parsed.data;
    return { state: deliversResults ? "open" : "closed", environment, gates };
  } catch {
    return { state: "unknown" };
  }
}
