import { type KeyEnvironment } from "@/lib/api/contract/api-keys";

/**
 * Which keys the sandbox controls serve (`SERVICE_SANDBOX_CONTROLS`):
 * - `all`: every Master's key, production or sandbox, and the operator token (the embedded
 *   quickstart, where the demo's production keys are synthetic too);
 * - `sandbox`: sandbox keys and the operator token only; the controls then act on sandbox calls
 *   alone, so no production call ever runs on a moved clock, meets a fault rule or is journaled;
 * - `off`: no controls at all: `/_sandbox` answers 404 and nothing earlier set acts on a call.
 */
export const SANDBOX_CONTROLS_MODES = ["all", "sandbox", "off"] as const;
export type SandboxControlsMode = (typeof SANDBOX_CONTROLS_MODES)[number];

/** Whether the controls (clocks, fault rules, the journal) act on a call with a key of this environment. */
export function controlsActOn(mode: SandboxControlsMode, environment: KeyEnvironment): boolean {
  return mode === "all" || (mode === "sandbox" && environment === "sandbox");
}
