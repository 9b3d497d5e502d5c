import type pg from "pg";
import { authorize } from "./authorize";
import { callerCheckOf, refreshCaller } from "./authenticate";
import { type Call, type Stage } from "./call";
import { answerBusyClient, type ClientLocks, clientLockStage, takeLocksSql } from "./client-lock";
import { idempotencyKeyStage } from "./idempotency";
import { readInputStage } from "./request-input";
import { countAttemptSql, enforceRateVerdict, rulesFor, windowsOf } from "./rate-limit";
import { ApiError } from "../core";

/**
 * Admission: the rate limits (429), the input (400, 413, 415), the Idempotency-Key (400) and the
 * Client's lock (429, 409), decided in that order and taken in as few round trips as the rules
 * allow. Its steps have names; `service/app.ts` lists them in the order a call meets them, which
 * depends on whether the call has a body.
 *
 * The attempt is counted in its own committed transaction, so it counts whatever happens to the
 * call. That commit does not wait for the disk (`synchronous_commit` off): other instances see
 * the count at once, and only a crash of PostgreSQL itself could forget the last fraction of a
 * second of counts, never a charge (the call's own transaction commits durably).
 *
 * A call without a body sends that count, `BEGIN` and its locks in one message: its input (path
 * and query) is read before, and a refusal of it is given only after the rate verdict, as if
 * read in between. A call with a body counts first, reads its body with no connection held and
 * no lock taken (a slow upload never keeps its Client busy), then takes its lock.
 *
 * A call of an operation that does no work of its own (`GET /ping`) takes its lock inside the
 * transaction that counts it: it is refused while another request of its Client is active, and
 * holds the Client for no longer than that one message, so it needs no second round trip to let
 * go. Not while a sandbox fault rule could act on it: a rule's latency keeps its Client busy.
 *
 * A remembered caller is checked in the same message: the count is written only while it is
 * current (`callerCheckOf`). When it is not, nothing was counted; the caller is resolved again
 * and authorized again before the call goes on.
 */
interface Admission {
  call: Call;
  /** A refusal of the input, held back until the rate verdict (see `read-input`). */
  inputRefusal?: ApiError;
  taken?: NonNullable<Awaited<ReturnType<typeof countAndTake>>>;
}

type AdmissionStep = (admission: Admission) => Promise<Response | void>;

/**
 * Reads a part of the input. Before the attempt is counted a refusal waits for the rate verdict
 * (a limited caller hears 429 whatever it sent); once a part was refused, the rest is not read.
 */
async function readPart(admission: Admission, read: (call: Call) => Promise<unknown>) {
  if (admission.inputRefusal) return;
  if (admission.taken) {
    await read(admission.call);
    return;
  }
  try {
    await read(admission.call);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    admission.inputRefusal = error;
  }
}

/** Counts the attempt (and, `withLock`, begins the transaction and tries the locks in the same message). */
async function count(admission: Admission, withLock: boolean) {
  const { call } = admission;
  let taken = await countAndTake(call, withLock);
  if (!taken) {
    authorize(await refreshCaller(call), call.op);
    taken = (await countAndTake(call, withLock))!;
  }
  admission.taken = taken;
}

export const ADMISSION_STEPS = {
  "read-input": (a) => readPart(a, readInputStage),
  "check-idempotency-key": (a) => readPart(a, idempotencyKeyStage),
  "count-attempt": (a) => count(a, false),
  "count-attempt-and-try-lock": (a) => count(a, true),
  "enforce-rate-limits": async ({ taken, call }) =>
    enforceRateVerdict(taken!.windows, taken!.counted, call.now),
  "refuse-held-input": async ({ inputRefusal }) => {
    if (inputRefusal) throw inputRefusal;
  },
  "take-client-lock": ({ call }) => clientLockStage(call),
  "require-client-lock": async ({ call, taken }) => {
    if (taken!.locks!.client) return;
    await call.rollback();
    return answerBusyClient(call, taken!.locks!);
  },
} satisfies Record<string, AdmissionStep>;

export type AdmissionStepName = keyof typeof ADMISSION_STEPS;

/** Admission run in the order given, for a call with a body and for one without. */
export function admissionStage(order: {
  withoutBody: readonly AdmissionStepName[];
  withBody: readonly AdmissionStepName[];
}): Stage {
  return async (call) => {
    const admission: Admission = { call };
    for (const name of call.op.request.body ? order.withBody : order.withoutBody) {
      const answer = await ADMISSION_STEPS[name](admission);
      if (answer) return answer;
    }
  };
}

/**
 * The one message a call's admission sends: its attempt counted and committed without waiting
 * for the disk, then its transaction begun and `lock` tried in it; or, for a call active only
 * while it is admitted (`instant`), `lock` tried before that commit. Its count's rows are result
 * `count.length + 1`, its locks' row result `count.length + 4` (`+ 2` when instant).
 */
export function admissionMessage(count: string[], lock: string | undefined, instant: boolean) {
  const statements = ["BEGIN", "SET LOCAL synchronous_commit TO off", ...count];
  if (lock === undefined) statements.push("COMMIT");
  else if (instant) statements.push(lock, "COMMIT");
  else statements.push("COMMIT", "BEGIN", lock);
  return statements.join(";\n");
}

/** A call that is active only while it is admitted (`GET /ping`): see admission above. */
function admittedOnly(call: Call): boolean {
  return (
    call.op.workFree === true &&
    !(
      call.sandboxControlsAct &&
      call.who.faultRules.some((rule) => rule.operationId === call.operationId)
    )
  );
}

/**
 * One round trip: the attempt counted (and committed), then, for a call without a body, its
 * transaction begun and its locks tried (or, for a call active only while admitted, its locks
 * tried before that commit). Undefined when the remembered caller was stale: then nothing was
 * counted and no transaction is left open.
 */
async function countAndTake(call: Call, withLocks: boolean) {
  const conn = await call.connection();
  const caller = call.who;
  const instant = withLocks && admittedOnly(call);
  const windows = windowsOf(
    rulesFor(caller, call.op.endpointKey, call.service.config.defaultRateLimit),
    call.now,
  );
  const count = countAttemptSql(
    conn,
    caller.client.id,
    windows,
    call.callerUnverified ? callerCheckOf(caller) : undefined,
  );
  const lock = takeLocksSql(caller.client.id, call.idempotencyKey);
  const message = admissionMessage(count, withLocks ? lock : undefined, instant);
  const results = (await conn.query(message)) as unknown as pg.QueryResult[];
  if (withLocks && !instant) call.transactionOpened();
  const counted = results[count.length + 1]!.rows as { rule_key: string; count: number }[];
  // Every call is governed by at least one rule: no row counted means the check failed.
  if (counted.length === 0) {
    await call.rollback();
    return undefined;
  }
  call.callerUnverified = false;
  return {
    windows,
    counted,
    locks: withLocks
      ? (results[count.length + (instant ? 2 : 4)]!.rows[0] as ClientLocks)
      : undefined,
  };
}
