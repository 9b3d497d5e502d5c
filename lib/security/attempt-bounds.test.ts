import { describe, expect, it } from "vitest";
import { SIGN_IN_BOUNDS, sourceKey, waitBeforeChecking } from "./attempt-bounds";

const now = new Date("2026-11-27T12:00:00Z");
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const failures = (n: number, account: string, source: string, minutes = 1) =>
  Array.from({ length: n }, () => ({ account, source, at: ago(minutes) }));

describe("the bounds of sign-in attempts", () => {
  const attempt = { account: "a", source: "192.0.2.1", now };

  it("checks an attempt under every bound", () => {
    expect(waitBeforeChecking(attempt, failures(4, "a", "192.0.2.1"), SIGN_IN_BOUNDS)).toBe(
      undefined,
    );
  });

  it("holds an account back at one source, never at another", () => {
    const counted = failures(5, "a", "192.0.2.1", 3);
    // The oldest of the last five leaves the window 12 minutes from now.
    expect(waitBeforeChecking(attempt, counted, SIGN_IN_BOUNDS)).toBe(12 * 60);
    expect(
      waitBeforeChecking({ ...attempt, source: "192.0.2.2" }, counted, SIGN_IN_BOUNDS),
    ).toBeUndefined();
  });

  it("holds a source back across accounts, and an account across sources", () => {
    const bySource = Array.from({ length: 30 }, (_, i) => ({
      account: `x${i}`,
      source: "192.0.2.1",
      at: ago(1),
    }));
    expect(waitBeforeChecking(attempt, bySource, SIGN_IN_BOUNDS)).toBeGreaterThan(0);
    const byAccount = Array.from({ length: 100 }, (_, i) => ({
      account: "a",
      source: `198.51.100.${i}`,
      at: ago(1),
    }));
    expect(waitBeforeChecking(attempt, byAccount, SIGN_IN_BOUNDS)).toBeGreaterThan(0);
    expect(waitBeforeChecking(attempt, byAccount.slice(1), SIGN_IN_BOUNDS)).toBeUndefined();
  });

  it("never asks for more than the window when a parallel attempt's clock ran ahead", () => {
    const ahead = new Date(now.getTime() + 5);
    const counted = Array.from({ length: 5 }, () => ({
      account: "a",
      source: "192.0.2.1",
      at: ahead,
    }));
    expect(waitBeforeChecking(attempt, counted, SIGN_IN_BOUNDS)).toBe(15 * 60);
  });
});

describe("sources", () => {
  it("count an IPv6 caller by its /64, an IPv4 one as it is", () => {
    expect(sourceKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(sourceKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(sourceKey("[2001:0db8:0001:0002::9]")).toBe("2001:db8:1:2::/64");
    expect(sourceKey("192.0.2.1")).toBe("192.0.2.1");
    expect(sourceKey("::ffff:192.0.2.1")).toBe("::ffff:192.0.2.1");
  });

  it("spare a source the account signed in from lately across sources, never at itself", () => {
    const attempt = { account: "a", source: "192.0.2.1", now, knownSource: true };
    const byAccount = Array.from({ length: 100 }, (_, i) => ({
      account: "a",
      source: `198.51.100.${i}`,
      at: ago(1),
    }));
    expect(waitBeforeChecking(attempt, byAccount, SIGN_IN_BOUNDS)).toBeUndefined();
    expect(
      waitBeforeChecking(attempt, failures(5, "a", "192.0.2.1"), SIGN_IN_BOUNDS),
    ).toBeGreaterThan(0);
  });
});
