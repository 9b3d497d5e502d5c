import { type PlanUsage } from "@/lib/api/contract/client-admin";

export type PlanState = "ok" | "warning" | "exhausted" | "no_quota";

/**
 * A plan's state as the service reports it, or derived the way the interface defines it:
 * a quantity of 0 is "no included quota" (not unlimited); 90 percent is the warning threshold.
 */
export function planState(
  plan: Pick<PlanUsage, "included_monthly_quantity" | "used" | "state">,
): PlanState {
  if (plan.state) return plan.state;
  const included = plan.included_monthly_quantity;
  if (included === 0) return "no_quota";
  if (plan.used >= included) return "exhausted";
  return plan.used / included >= 0.9 ? "warning" : "ok";
}

/** The most urgent state of several plans: exhausted, then warning. */
export function worstPlanState(states: PlanState[]): "warning" | "exhausted" | null {
  if (states.includes("exhausted")) return "exhausted";
  if (states.includes("warning")) return "warning";
  return null;
}
