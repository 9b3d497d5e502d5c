import { describe, expect, it } from "vitest";
import { domainOfAddress, normalDomain } from "./domain-claims";
import { vouchedClaims } from "./single-sign-on";

describe("what a provider vouches for", () => {
  it("an address has one @, a local part and a domain name", () => {
    expect(domainOfAddress("Sam@Corp.Test")).toBe("corp.test");
    expect(domainOfAddress("x@corp.test@evil.test")).toBeUndefined();
    expect(domainOfAddress('"a@b"@corp.test')).toBeUndefined();
    expect(domainOfAddress("@corp.test")).toBeUndefined();
    expect(domainOfAddress("sam@")).toBeUndefined();
    expect(domainOfAddress("sam@localhost")).toBeUndefined();
    expect(normalDomain("Bücher.example")).toBe("xn--bcher-kva.example");
    expect(normalDomain("corp.test.")).toBe("corp.test");
    expect(normalDomain("10.0.0.1")).toBeUndefined();
  });

  it("claims are printable, bounded, and the address verified exactly", () => {
    const good = { sub: "abc", email: "Sam@Corp.Test", email_verified: true, name: " Sam " };
    expect(vouchedClaims.parse(good)).toEqual({
      sub: "abc",
      email: "sam@corp.test",
      email_verified: true,
      name: "Sam",
    });
    for (const bad of [
      { ...good, email_verified: "true" },
      { ...good, email_verified: false },
      { ...good, sub: "a\u0000b" },
      { ...good, email: "sam\u0000@corp.test" },
      { ...good, email: "x@corp.test@evil.test" },
      { ...good, sub: "" },
      { ...good, sub: "s".repeat(256) },
    ])
      expect(vouchedClaims.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    // A name that cannot be shown is left out, not a reason to refuse.
    expect(vouchedClaims.parse({ ...good, name: "a\u0007b" }).name).toBeUndefined();
  });
});
