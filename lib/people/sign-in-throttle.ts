import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import { getStore } from "@/lib/store/db";
import { signInThrottle } from "@/lib/store/schema";

/**
 * Failed sign-ins, counted in the store every console instance shares: per account (the address
 * typed, whether or not it has an account, so a refusal never tells) and per source address.
 * Past the bound within the window, that account or source waits until the block ends.
 */
export const THROTTLE = {
  account: { failures: 5, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  source: { failures: 30, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
} as const;

type Scope = keyof typeof THROTTLE;

const keyOf = (scope: Scope, value: string) => `${scope}:${value.trim().toLowerCase()}`;

export interface Attempt {
  account: string;
  source: string;
}

/** Seconds to wait before trying again, when the account or the source is blocked now. */
export async function waitBeforeSignIn(
  attempt: Attempt,
  now = new Date(),
): Promise<number | undefined> {
  const db = await getStore();
  const rows = await db
    .select({ blockedUntil: signInThrottle.blockedUntil })
    .from(signInThrottle)
    .where(
      inArray(signInThrottle.key, [
        keyOf("account", attempt.account),
        keyOf("source", attempt.source),
      ]),
    );
  const until = Math.max(0, ...rows.map((r) => r.blockedUntil?.getTime() ?? 0));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : undefined;
}

/**
 * Counts a failure for the account and the source in one statement each (an upsert, so parallel
 * failures on several instances all count), and blocks what reached its bound.
 */
export async function recordFailedSignIn(attempt: Attempt, now = new Date()): Promise<void> {
  const db = await getStore();
  for (const scope of ["account", "source"] as const) {
    const bound = THROTTLE[scope];
    const windowStart = new Date(now.getTime() - bound.windowSeconds * 1000);
    const blockEnd = new Date(now.getTime() + bound.blockSeconds * 1000);
    const t = signInThrottle;
    const fresh = sql`${t.windowStartedAt} < ${windowStart}`;
    const failures = sql`case when ${fresh} then 1 else ${t.failures} + 1 end`;
    await db
      .insert(t)
      .values({
        key: keyOf(scope, attempt[scope]),
        failures: 1,
        windowStartedAt: now,
        blockedUntil: bound.failures <= 1 ? blockEnd : null,
      })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          failures,
          windowStartedAt: sql`case when ${fresh} then ${now} else ${t.windowStartedAt} end`,
          blockedUntil: sql`case when ${failures} >= ${bound.failures} then ${blockEnd} else ${t.blockedUntil} end`,
        },
      });
  }
}

/** A sign-in that succeeded clears its account's count (the source keeps its own). */
export async function clearAccountFailures(account: string): Promise<void> {
  const db = await getStore();
  await db.delete(signInThrottle).where(eq(signInThrottle.key, keyOf("account", account)));
}

export function waitInWords(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60
    ? `${seconds} second${seconds === 1 ? "" : "s"}`
    : `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
