import { describe, expect, it } from "vitest";
import {
  clientAddress,
  isTrustedProxy,
  normaliseAddress,
  parseTrustedProxies,
  trustedProxiesSetting,
} from "./client-address";

const loopback = parseTrustedProxies("127.0.0.1, ::1");

describe("TRUSTED_PROXIES", () => {
  it("reads addresses and CIDR ranges of both families; empty or unset is none", () => {
    expect(trustedProxiesSetting.parse(undefined)).toEqual([]);
    expect(trustedProxiesSetting.parse("")).toEqual([]);
    expect(trustedProxiesSetting.parse(" , ")).toEqual([]);
    const trusted = parseTrustedProxies(" 10.0.0.0/8 ,192.168.1.7, fd00::/8, ::1 ");
    expect(trusted).toHaveLength(4);
    for (const inside of ["10.1.2.3", "192.168.1.7", "fd12:3456::1", "::1", "[::1]:443"])
      expect(isTrustedProxy(inside, trusted), inside).toBe(true);
    for (const outside of ["11.0.0.1", "192.168.1.8", "fe80::1", "::2", "2001:db8::1"])
      expect(isTrustedProxy(outside, trusted), outside).toBe(false);
    expect(isTrustedProxy("anything", parseTrustedProxies("0.0.0.0/0"))).toBe(false);
    expect(isTrustedProxy("203.0.113.9", parseTrustedProxies("0.0.0.0/0"))).toBe(true);
  });

  it("matches IPv4 peers however they are written: an IPv4-mapped IPv6 peer or range is IPv4", () => {
    expect(isTrustedProxy("::ffff:127.0.0.1", loopback)).toBe(true);
    expect(isTrustedProxy("::ffff:7f00:1", loopback)).toBe(true);
    expect(isTrustedProxy("127.0.0.1", parseTrustedProxies("::ffff:127.0.0.1"))).toBe(true);
    expect(isTrustedProxy("10.9.9.9", parseTrustedProxies("::ffff:10.0.0.0/104"))).toBe(true);
  });

  it("refuses a bad entry with a message that names it", () => {
    for (const [value, named] of [
      ["127.0.0.1, localhost", '"localhost" is not an IPv4 or IPv6 address or CIDR range'],
      ["10.0.0.0/33", '"10.0.0.0/33": the prefix must be a number from 0 to 32'],
      ["::/129", '"::/129": the prefix must be a number from 0 to 128'],
      ["10.0.0.1/8", '"10.0.0.1/8" has bits set past its /8 prefix (did you mean 10.0.0.0/8?)'],
      ["256.0.0.1", '"256.0.0.1" is not'],
      ["010.0.0.1", '"010.0.0.1" is not'],
      ["1:2:3:4:5:6:7:8:9", '"1:2:3:4:5:6:7:8:9" is not'],
      ["1::2::3", '"1::2::3" is not'],
      ["10.0.0.0/8/8", '"10.0.0.0/8/8" is not'],
      ["10.0.0.0/", '"10.0.0.0/": the prefix must be'],
      ["*", '"*" is not'],
    ] as const) {
      const parsed = trustedProxiesSetting.safeParse(value);
      expect(parsed.success, value).toBe(false);
      expect(parsed.error?.issues[0]?.message, value).toContain(named);
      expect(() => parseTrustedProxies(value)).toThrow(named);
    }
  });
});

describe("clientAddress", () => {
  it("takes the peer, and ignores X-Forwarded-For, when the peer is no trusted proxy", () => {
    expect(clientAddress("203.0.113.5", "198.51.100.1", loopback)).toBe("203.0.113.5");
    expect(clientAddress("127.0.0.2", "198.51.100.1, 127.0.0.1", loopback)).toBe("127.0.0.2");
    expect(clientAddress("127.0.0.1", "198.51.100.1", [])).toBe("127.0.0.1");
    expect(clientAddress("203.0.113.5", undefined, loopback)).toBe("203.0.113.5");
  });

  it("behind a trusted proxy, takes the first untrusted address from the right", () => {
    expect(clientAddress("127.0.0.1", "198.51.100.1", loopback)).toBe("198.51.100.1");
    // Whatever the client wrote to the left of what the proxy appended is ignored.
    expect(clientAddress("127.0.0.1", "1.1.1.1, 2.2.2.2, 198.51.100.1", loopback)).toBe(
      "198.51.100.1",
    );
    // A chain of trusted proxies is walked through to the address the farthest one saw.
    const chain = parseTrustedProxies("127.0.0.1, 10.0.0.0/8");
    expect(clientAddress("127.0.0.1", "6.6.6.6, 198.51.100.1, 10.0.0.7, 10.2.0.1", chain)).toBe(
      "198.51.100.1",
    );
    // All trusted: the leftmost.
    expect(clientAddress("127.0.0.1", "10.0.0.7, 10.2.0.1", chain)).toBe("10.0.0.7");
    // No header, or an empty one: the proxy itself.
    expect(clientAddress("127.0.0.1", undefined, loopback)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", " ", loopback)).toBe("127.0.0.1");
  });

  it("normalises what it returns, so one client is one address", () => {
    expect(clientAddress("::ffff:127.0.0.2", undefined, loopback)).toBe("127.0.0.2");
    expect(clientAddress("::ffff:127.0.0.1", "::ffff:198.51.100.1", loopback)).toBe("198.51.100.1");
    expect(clientAddress("::1", "2001:DB8:0:0:0:0:0:1", loopback)).toBe("2001:db8::1");
    expect(clientAddress("::1", "[2001:db8::1]:4711", loopback)).toBe("2001:db8::1");
    expect(clientAddress("::1", "198.51.100.1:4711", loopback)).toBe("198.51.100.1");
    expect(clientAddress("fe80::1%eth0", undefined, loopback)).toBe("fe80::1");
    expect(normaliseAddress("2001:db8:0:0:1:0:0:1")).toBe("2001:db8::1:0:0:1");
    expect(normaliseAddress("0:0:0:0:0:0:0:0")).toBe("::");
    expect(normaliseAddress("1:0:2:3:4:5:6:7")).toBe("1:0:2:3:4:5:6:7");
    expect(normaliseAddress("not an address")).toBeUndefined();
  });

  it("counts the nearest trusted hop when an entry is no address (no trusted proxy wrote it)", () => {
    const chain = parseTrustedProxies("127.0.0.1, 10.0.0.0/8");
    expect(clientAddress("127.0.0.1", "198.51.100.1, garbage, 10.0.0.7", chain)).toBe("10.0.0.7");
    expect(clientAddress("127.0.0.1", "garbage", chain)).toBe("127.0.0.1");
  });

  it("says unknown without a peer, and gives a peer that is no IP address as it is", () => {
    expect(clientAddress(undefined, "198.51.100.1", loopback)).toBe("unknown");
    expect(clientAddress("/run/app.sock", "198.51.100.1", loopback)).toBe("/run/app.sock");
  });
});
