import { createHash } from "node:crypto";
import { type Logger } from "@/lib/log/logger";
import {
  ATTEMPT_WINDOW_SECONDS,
  KNOWN_SOURCE_SECONDS,
  SIGN_IN_BOUNDS,
  sourceKey,
  waitBeforeChecking,
} from "@/lib/security/attempt-bounds";
import type pg from "pg";

/**
 * The throttle of password sign-ins (the agent endpoint's consent page, the pilot sign-in):
 * attempts are recorded in PostgreSQL, so the bounds hold across every instance, and decided
 * with the bounds the console keeps too (`lib/security/attempt-bounds.ts`). The source is
 * `sourceAddress` (`TRUSTED_PROXIES`).
 */
export const SIGN_IN_WINDOW_SECONDS = ATTEMPT_WINDOW_SECONDS;
/** Failed attempts one login may have from one source address in the window. */
export const FAILURES_PER_LOGIN_AND_SOURCE = SIGN_IN_BOUNDS.accountAtSource;
/** Failed attempts one source address may have in the window, whatever the logins. */
export const FAILURES_PER_SOURCE = SIGN_IN_BOUNDS.source;
/** Failed attempts one login may have in the window from every source together. */
export const FAILURES_PER_LOGIN = SIGN_IN_BOUNDS.account;

export type SignInSurface = "oauth_consent" | "pilot_sign_in";

export const loginDigest = (login: string) =>
  createHash("sha256").update(login.trim().toLowerCase()).digest("hex");

export type SignInAdmission =
  { admitted: true; attemptId: number } | { admitted: false; retryAfterSeconds: number };

/**
 * Records an attempt and decides whether its password may be checked. A refused attempt is kept
 * as `throttled`, which counts toward nothing: waiting out `Retry-After` always works.
 */
export async function admitSignIn(
  pool: pg.Pool,
  attempt: { surface: SignInSurface; login: string; source: string; now: Date },
): Promise<SignInAdmission> {
  const digest = loginDigest(attempt.login);
  const source = sourceKey(attempt.source);
  const {
    rows: [row],
  } = await pool.query<{ id: string }>(
    `insert into sign_in_attempts (surface, login_digest, source, outcome, at)
     values ($1, $2, $3, 'pending', $4) returning id`,
    [attempt.surface, digest, source, attempt.now.toISOString()],
  );
  const attemptId = Number(row!.id);
  // The login's and the source's attempts in the window, oldest first: pending ones (being
  // checked now) count as failures until they turn out otherwise.
  const { rows } = await pool.query<{ account: string; source: string; at: Date }>(
    `select login_digest as account, source, at from sign_in_attempts
      where (login_digest = $1 or source = $2)
        and at > $3::timestamptz - make_interval(secs => $4)
        and outcome in ('pending', 'failed') and id <> $5
     order by at`,
    [digest, source, attempt.now.toISOString(), SIGN_IN_WINDOW_SECONDS, attemptId],
  );
  const known = await pool.query(
    `select 1 from sign_in_attempts
      where login_digest = $1 and source = $2 and outcome = 'succeeded'
        and at > $3::timestamptz - make_interval(secs => $4)
      limit 1`,
    [digest, source, attempt.now.toISOString(), KNOWN_SOURCE_SECONDS],
  );
  const wait = waitBeforeChecking(
    { account: digest, source, now: attempt.now, knownSource: known.rowCount !== 0 },
    rows,
    SIGN_IN_BOUNDS,
  );
  if (wait === undefined) return { admitted: true, attemptId };
  await settleSignIn(pool, attemptId, "throttled");
  return { admitted: false, retryAfterSeconds: wait };
}

/** What came of an admitted attempt (a throttled one is settled by `admitSignIn`). */
export async function settleSignIn(
  pool: pg.Pool,
  attemptId: number,
  outcome: "failed" | "succeeded" | "throttled",
) {
  await pool.query("update sign_in_attempts set outcome = $2 where id = $1", [attemptId, outcome]);
}

/** Failed and throttled sign-ins go to the log too: the source and the surface, never the login. */
export function logSignInRefusal(
  log: Logger,
  attempt: { surface: SignInSurface; login: string; source: string },
  outcome: "failed" | "throttled",
) {
  log.warn(outcome === "failed" ? "sign-in failed" : "sign-in throttled", {
    surface: attempt.surface,
    source: attempt.source,
    login: loginDigest(attempt.login).slice(0, 12),
  });
}

/** Old attempts leave the record after a day. */
export async function purgeSignInAttempts(pool: pg.Pool, now: Date) {
  await pool.query("delete from sign_in_attempts where at < $1::timestamptz - interval '1 day'", [
    now.toISOString(),
  ]);
}
