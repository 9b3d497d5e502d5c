import "server-only";
import { createHash } from "node:crypto";
import { and, eq, gt, inArray, lt, ne, or, sql } from "drizzle-orm";
import { getStore } from "@/lib/store/db";
import {
  ATTEMPT_WINDOW_SECONDS,
  type AttemptBounds,
  KNOWN_SOURCE_SECONDS,
  SIGN_IN_BOUNDS,
  sourceKey,
  waitBeforeChecking,
} from "@/lib/security/attempt-bounds";
import { signInAttempts } from "@/lib/store/schema";

/**
 * Sign-in attempts and step-up confirmations, counted in the store every console instance
 * shares, with the bounds both programs keep (`lib/security/attempt-bounds.ts`): a sign-in per
 * address at the caller's source, per source and per address from everywhere; a step-up per
 * person, wherever it comes from.
 */
export const WINDOW_SECONDS = ATTEMPT_WINDOW_SECONDS;

export const BOUNDS = {
  signIn: SIGN_IN_BOUNDS,
  stepUp: { account: 5 },
} as const satisfies Record<string, AttemptBounds>;

export type Surface = "password" | "passkey" | "invitation" | "step_up";

const boundsOf = (surface: Surface): AttemptBounds =>
  surface === "step_up" ? BOUNDS.stepUp : BOUNDS.signIn;

export interface Attempt {
  surface: Surface;
  /** The address typed, a passkey's credential id, or a person's id (for a step-up). */
  account: string;
  source: string;
}

/** Accounts are kept as digests: the table tells nobody which addresses were tried. */
const accountDigest = (attempt: Pick<Attempt, "surface" | "account">) =>
  createHash("sha256")
    .update(
      `${attempt.surface === "step_up" ? "person" : "sign-in"}:${attempt.account.trim().toLowerCase()}`,
    )
    .digest("hex");

export type Admission = { admitted: true; id: number } | { admitted: false; waitSeconds: number };

/**
 * Records an attempt and decides whether it may be checked. A refused one is kept as
 * `throttled`, which counts toward nothing: waiting out the time given always works.
 */
export async function admitAttempt(attempt: Attempt, now = new Date()): Promise<Admission> {
  const db = await getStore();
  const t = signInAttempts;
  const account = accountDigest(attempt);
  const source = sourceKey(attempt.source);
  const [row] = await db
    .insert(t)
    .values({
      surface: attempt.surface,
      account,
      source,
      outcome: "pending",
      at: now,
    })
    .returning({ id: t.id });
  const id = row!.id;
  const since = new Date(now.getTime() - WINDOW_SECONDS * 1000);
  // Every attempt of this account or source in the window, checked or being checked now.
  const counted = await db
    .select({ account: t.account, source: t.source, at: t.at })
    .from(t)
    .where(
      and(
        or(eq(t.account, account), eq(t.source, source)),
        gt(t.at, since),
        inArray(t.outcome, ["pending", "failed"]),
        ne(t.id, id),
      ),
    )
    .orderBy(t.at);
  const [known] = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.account, account),
        eq(t.source, source),
        eq(t.outcome, "succeeded"),
        gt(t.at, new Date(now.getTime() - KNOWN_SOURCE_SECONDS * 1000)),
      ),
    )
    .limit(1);
  const wait = waitBeforeChecking(
    // A person's step-ups are bounded wherever they come from.
    { account, source, now, knownSource: known !== undefined && attempt.surface !== "step_up" },
    counted,
    boundsOf(attempt.surface),
  );
  if (wait === undefined) return { admitted: true, id };
  await settleAttempt(id, "throttled");
  return { admitted: false, waitSeconds: wait };
}

export type Checked<T> =
  { kind: "wait"; waitSeconds: number } | { kind: "wrong" } | { kind: "right"; value: T };

/**
 * An attempt from admission to outcome: `check` runs only when admitted, and answers what the
 * attempt proved (a person, a session's confirmation) or undefined when it was wrong.
 */
export async function attempt<T>(
  what: Attempt,
  check: () => Promise<T | undefined>,
): Promise<Checked<T>> {
  const admission = await admitAttempt(what);
  if (!admission.admitted) return { kind: "wait", waitSeconds: admission.waitSeconds };
  let value: T | undefined;
  try {
    value = await check();
  } finally {
    await settleAttempt(admission.id, value === undefined ? "failed" : "succeeded");
  }
  if (admission.id % 500 === 0) await purgeAttempts();
  return value === undefined ? { kind: "wrong" } : { kind: "right", value };
}

/** What came of an admitted attempt. */
export async function settleAttempt(id: number, outcome: "failed" | "succeeded" | "throttled") {
  const db = await getStore();
  await db.update(signInAttempts).set({ outcome }).where(eq(signInAttempts.id, id));
}

/**
 * How many of an account's attempts in the window failed (or are being checked): a step-up that
 * reaches the bound ends the session.
 */
export async function failuresOf(
  attempt: Pick<Attempt, "surface" | "account">,
  now = new Date(),
): Promise<number> {
  const db = await getStore();
  const t = signInAttempts;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(
      and(
        eq(t.account, accountDigest(attempt)),
        gt(t.at, new Date(now.getTime() - WINDOW_SECONDS * 1000)),
        eq(t.outcome, "failed"),
      ),
    );
  return row?.n ?? 0;
}

/** Old attempts leave the record after a day. */
export async function purgeAttempts(now = new Date()) {
  const db = await getStore();
  await db
    .delete(signInAttempts)
    .where(lt(signInAttempts.at, new Date(now.getTime() - 86_400_000)));
}

/**
 * How long to wait, as the "people.tooManyAttempts" message takes it: seconds under a minute,
 * else whole minutes.
 */
export function waitOf(seconds: number): { count: number; unit: "seconds" | "minutes" } {
  return seconds < 60
    ? { count: seconds, unit: "seconds" }
    : { count: Math.ceil(seconds / 60), unit: "minutes" };
}
