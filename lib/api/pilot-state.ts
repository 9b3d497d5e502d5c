import "server-only";
import { HEADERS } from "./contract/headers";
import { pilotGatesAnswer, type PilotGates } from "./contract/pilot-gates";

/**
 * Whether the signed-in Client is in the Intelligence pilot, and with which gates. The interface
 * has no operation for it; the reference service answers it at `/pilot/gates` (an extension).
 * Against a service without it the state is "unknown" and the console lets the answers speak.
 */
export type { PilotGates };
export type PilotState =
  | {
      state: "open" | "closed";
      environment: "production" | "sandbox";
      gates: PilotGates;
      /** Enabled for the agent endpoint's preview. */
      agentAccess: boolean;
    }
  | { state: "unknown" };

export async function readPilotState(baseUrl: string, apiKey: string): Promise<PilotState> {
  try {
    const res = await fetch(new URL("pilot/gates", baseUrl.replace(/\/?$/, "/")), {
      headers: { [HEADERS.apiKey]: apiKey, Accept: "application/json" },
      signal: AbortSignal.timeout(3_000),
      cache: "no-store",
    });
    if (!res.ok) return { state: "unknown" };
    const parsed = pilotGatesAnswer.safeParse(await res.json());
    if (!parsed.success) return { state: "unknown" };
    const { environment, gates, deliversResults, agentAccess } = parsed.data;
    return {
      state: deliversResults ? "open" : "closed",
      environment,
      gates,
      agentAccess: agentAccess ?? false,
    };
  } catch {
    return { state: "unknown" };
  }
}
