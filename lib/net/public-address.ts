import { BlockList, isIP } from "node:net";

/**
 * Addresses that are not the public internet: loopback, link-local (cloud metadata services
 * answer at 169.254.169.254), private and carrier-grade NAT ranges, the unspecified, reserved,
 * documentation and multicast ranges. An address the console fetches on someone's say-so (an
 * identity provider's issuer and every endpoint its discovery document names) must not be one
 * of these unless the operator allows it.
 */
const internal = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  internal.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  // The unspecified, loopback and IPv4-compatible addresses.
  ["::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["100::", 64],
  // Local-use NAT64.
  ["64:ff9b:1::", 48],
] as const)
  internal.addSubnet(network, prefix, "ipv6");

/** The IPv4 address an IPv6 address carries (mapped `::ffff:a.b.c.d`, or NAT64 `64:ff9b::`), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether an IP address is on the public internet (false for anything that is not an IP address). */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").split("%")[0]!;
  const family = isIP(bare);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4 !== undefined) return !internal.check(v4, "ipv4");
    return !internal.check(bare, "ipv6");
  }
  return !internal.check(bare, "ipv4");
}
