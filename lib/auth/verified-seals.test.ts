import { sealData, unsealData } from "iron-session";
import { describe, expect, it } from "vitest";
import { sealExpiry, VerifiedSeals } from "./verified-seals";

const password = "a".repeat(64);

describe("VerifiedSeals", () => {
  it("reads the expiry of a real iron-session seal", async () => {
    const before = Date.now();
    const seal = await sealData({ sid: "s1" }, { password, ttl: 600 });
    const expiry = sealExpiry(seal);
    expect(expiry).toBeGreaterThanOrEqual(before + 600_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 600_000);
    expect(await unsealData(seal, { password, ttl: 600 })).toEqual({ sid: "s1" });
  });

  it("hands back what a remembered seal carries until the seal expires", async () => {
    const seal = await sealData({ sid: "s1" }, { password, ttl: 600 });
    const seals = new VerifiedSeals<{ sid: string }>(10);
    expect(seals.get(seal, Date.now())).toBeUndefined();
    seals.remember(seal, { sid: "s1" });
    expect(seals.get(seal, Date.now())).toEqual({ sid: "s1" });
    // The same text with one character changed is another seal: never looked up as this one.
    const altered = seal.slice(0, -3) + (seal.at(-3) === "x" ? "y" : "x") + "~2";
    expect(seals.get(altered, Date.now())).toBeUndefined();
    expect(seals.get(seal, sealExpiry(seal))).toBeUndefined();
    expect(seals.size).toBe(0);
  });

  it("does not remember a seal without an expiry", () => {
    const seals = new VerifiedSeals<{ sid: string }>(10);
    seals.remember("Fe26.2*1*salt*iv*data**hsalt*hmac~2", { sid: "s1" });
    expect(seals.size).toBe(0);
    expect(sealExpiry("not a seal")).toBe(0);
    expect(sealExpiry("Fe26.2*1*salt*iv*data*soon*hsalt*hmac~2")).toBe(0);
  });

  it("keeps at most its limit, dropping the least recently used seal first", () => {
    const later = Date.now() + 60_000;
    const seal = (n: number) => `Fe26.2*1*salt*iv*data${n}*${later}*hsalt*hmac~2`;
    const seals = new VerifiedSeals<number>(3);
    for (const n of [1, 2, 3]) seals.remember(seal(n), n);
    expect(seals.get(seal(1), Date.now())).toBe(1);
    seals.remember(seal(4), 4);
    expect(seals.size).toBe(3);
    expect(seals.get(seal(2), Date.now())).toBeUndefined();
    expect([1, 3, 4].map((n) => seals.get(seal(n), Date.now()))).toEqual([1, 3, 4]);
  });
});
