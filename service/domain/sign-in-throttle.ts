import { createHash } from "node:crypto";
import { type Logger } from "@/lib/log/logger";
import type pg from "pg";

/**
 * The throttle of password sign-ins (the agent endpoint's consent page, the pilot sign-in):
 * failed attempts are counted over a window, in PostgreSQL, so the bounds hold across every
 * instance: per login from one source address, per source address whatever the logins, and per
 * login from every source together. A login's own bound is per source, so one caller's guesses
 * never lock the account out for everybody else; the looser bound across sources still stops
 * guessing spread over many addresses. The source is `sourceAddress` (`TRUSTED_PROXIES`).
 * An attempt is recorded before its password is checked and counted with every other attempt
 * recorded by then: of many parallel guesses, at most the limit get their password checked
 * (each counts at least the attempts committed before it).
 */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
/** Failed attempts one login may have from one source address in the window. */
export const FAILURES_PER_LOGIN_AND_SOURCE = 5;
/** Failed attempts one source address may have in the window, whatever the logins. */
export const FAILURES_PER_SOURCE = 30;
/** Failed attempts one login may have in the window from every source together. */
export const FAILURES_PER_LOGIN = 100;

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
  const {
    rows: [row],
  } = await pool.query<{ id: string }>(
    `insert into sign_in_attempts (surface, login_digest, source, outcome, at)
     values ($1, $2, $3, 'pending', $4) returning id`,
    [attempt.surface, digest, attempt.source, attempt.now.toISOString()],
  );
  const attemptId = Number(row!.id);
  // Each dimension's counted attempts, oldest first: pending ones (being checked now) count as
  // failures until they turn out otherwise. The login's own rows carry their source, so the
  // bound per login and source is read from them.
  const { rows } = await pool.query<{ dimension: "login" | "source"; source: string; at: Date }>(
    `select 'login' as dimension, source, at from sign_in_attempts
      where login_digest = $1 and at > $3::timestamptz - make_interval(secs => $4)
        and outcome in ('pending', 'failed') and id <> $5
     union all
     select 'source', source, at from sign_in_attempts
      where source = $2 and at > $3::timestamptz - make_interval(secs => $4)
        and outcome in ('pending', 'failed') and id <> $5
     order by at`,
    [digest, attempt.source, attempt.now.toISOString(), SIGN_IN_WINDOW_SECONDS, attemptId],
  );
  const ofLogin = rows.filter((r) => r.dimension === "login");
  const waits: number[] = [];
  for (const [counted, limit] of [
    [ofLogin.filter((r) => r.source === attempt.source), FAILURES_PER_LOGIN_AND_SOURCE],
    [rows.filter((r) => r.dimension === "source"), FAILURES_PER_SOURCE],
    [ofLogin, FAILURES_PER_LOGIN],
  ] as const) {
    if (counted.length < limit) continue;
    // Under the limit again once enough of the oldest leave the window.
    const freeing = counted[counted.length - limit]!.at;
    waits.push(freeing.getTime() + SIGN_IN_WINDOW_SECONDS * 1000 - attempt.now.getTime());
  }
  if (waits.length === 0) return { admitted: true, attemptId };
  await settleSignIn(pool, attemptId, "throttled");
  return {
    admitted: false,
    retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)),
  };
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
