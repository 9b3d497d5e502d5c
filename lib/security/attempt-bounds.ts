/**
 * The bounds of password sign-ins and confirmations, for both programs (the console's people,
 * the service's pilot sign-in and agent consent): how many failures within the window an
 * account may have from one source, a source may have whatever the accounts, and an account may
 * have from every source together. An account's own bound is per source, so one caller's
 * guesses never lock it out for everybody else; the looser bound across sources still stops
 * guessing spread over many addresses.
 *
 * Both programs record an attempt before its password is checked and count every attempt
 * recorded by then (`pending` ones as failures until they turn out otherwise), so of many
 * parallel guesses, on any number of instances, at most the bound are checked.
 *
 * The bound across sources spares a source the account signed in from lately (a day, as long
 * as attempts are kept): guesses spread over many addresses never lock a person out of the
 * address they use. An IPv6 source counts by its /64, one subscriber's network, so a caller
 * cannot become many sources by changing the last bits of its address.
 */
export const ATTEMPT_WINDOW_SECONDS = 15 * 60;

export type AttemptDimension = "accountAtSource" | "source" | "account";
export type AttemptBounds = Partial<Record<AttemptDimension, number>>;

/** A password sign-in's bounds. */
export const SIGN_IN_BOUNDS = { accountAtSource: 5, source: 30, account: 100 } as const;

/** How long a successful sign-in makes its source known to the account. */
export const KNOWN_SOURCE_SECONDS = 86_400;

/** The source a bound counts: an IPv4 address as it is, an IPv6 address by its /64. */
export function sourceKey(address: string): string {
  const bare = address.replace(/^\[|\]$/g, "").split("%")[0]!;
  if (!bare.includes(":") || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(bare)) return bare;
  const [head = "", tail] = bare.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [
          ...left,
          ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"),
          ...right,
        ];
  if (groups.length !== 8) return bare;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** An attempt counted against a new one: whose, from where, when. */
export interface CountedAttempt {
  account: string;
  source: string;
  at: Date;
}

/**
 * Seconds the new attempt must wait, when one of its bounds is reached; undefined when it may be
 * checked. `counted` are the other attempts of its account or source in the window (failed or
 * being checked), oldest first.
 */
export function waitBeforeChecking(
  attempt: { account: string; source: string; now: Date; knownSource?: boolean },
  counted: readonly CountedAttempt[],
  bounds: AttemptBounds,
  windowSeconds = ATTEMPT_WINDOW_SECONDS,
): number | undefined {
  const matches: Record<AttemptDimension, (c: CountedAttempt) => boolean> = {
    accountAtSource: (c) => c.account === attempt.account && c.source === attempt.source,
    source: (c) => c.source === attempt.source,
    account: (c) => c.account === attempt.account,
  };
  // A parallel attempt may have read its clock a moment after this one and still be counted
  // here; measuring from the latest clock seen keeps the wait within the window, and waiting it
  // out still works, since this answer leaves after that attempt was recorded.
  const now = Math.max(attempt.now.getTime(), ...counted.map((c) => c.at.getTime()));
  const waits: number[] = [];
  for (const [dimension, bound] of Object.entries(bounds) as [AttemptDimension, number][]) {
    if (dimension === "account" && attempt.knownSource) continue;
    const rows = counted.filter(matches[dimension]);
    if (rows.length < bound) continue;
    // Under the bound again once enough of the oldest leave the window.
    const freeing = rows[rows.length - bound]!.at;
    waits.push(freeing.getTime() + windowSeconds * 1000 - now);
  }
  return waits.length ? Math.max(1, Math.ceil(Math.max(...waits) / 1000)) : undefined;
}
