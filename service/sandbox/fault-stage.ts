import { setTimeout as sleep } from "node:timers/promises";
import { type ErrorCode } from "@/lib/api/contract/errors";
import { type Stage } from "../pipeline/call";
import { injectedError } from "./fault-rules";
import { type FaultRule } from "../core";

/**
 * Takes one firing of a rule, across every instance: a rule limited to N calls fires N times in
 * all. Counted on a connection of its own (committed at once), so a call that then fails or
 * rolls back still counts as affected.
 */
async function claimFiring(
  pool: { query: (text: string, values: unknown[]) => Promise<{ rowCount: number | null }> },
  rule: FaultRule,
): Promise<boolean> {
  const result = await pool.query(
    `update sandbox_fault_rules set fired_count = fired_count + 1,
            remaining = case when remaining is null then null else remaining - 1 end
      where id = $1 and (remaining is null or remaining > 0)`,
    [rule.id],
  );
  return result.rowCount === 1;
}

/**
 * Sandbox fault rules (a reference-service extension): after the call is admitted (its caller,
 * limits, input and Client lock known), the first rule of its Master's family that matches the
 * operation (and endpoint key), passes its probability and still has firings left, applies its
 * effect. Callers without rules pay nothing: the rules travel with the caller.
 */
export const sandboxFaultStage: Stage = async (call) => {
  if (!call.sandboxControlsAct) return;
  for (const rule of call.who.faultRules) {
    if (rule.operationId !== call.operationId) continue;
    if (rule.endpointKey !== null && rule.endpointKey !== call.op.endpointKey) continue;
    if (rule.probability !== null && Math.random() >= rule.probability) continue;
    if (!(await claimFiring(call.service.database.pool, rule))) continue;
    call.faultRuleId = rule.id;
    const effect = rule.effect;
    switch (effect.kind) {
      case "latency":
        await sleep(effect.ms);
        return;
      case "error":
        throw injectedError(effect.code as ErrorCode, effect, call.op, rule.id, call.now);
      case "drop_before": {
        await call.rollback();
        call.drop = "before";
        call.dropConnection();
        // Nobody reads this answer: the connection is gone.
        return new Response(null, { status: 499 });
      }
      case "drop_after_commit":
        call.drop = "after_commit";
        return;
      case "job_failure":
        call.jobFailure = { code: effect.code, message: effect.message };
        return;
    }
  }
};
