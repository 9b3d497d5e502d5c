import { z } from "zod";

/**
 * Which address a request comes from, for both programs: the socket's peer, unless that peer is
 * a proxy named in `TRUSTED_PROXIES`, in which case `X-Forwarded-For` says who the proxy served.
 * Bounds per source address (sign-in throttles, registrations) count what this returns, so a
 * client may never choose it: a header reaches it only through a proxy someone named.
 * Pure functions, no Node.js modules: the console may call them from any runtime.
 */

/** An address family and its bits (IPv4-mapped IPv6 addresses are IPv4). */
interface Address {
  family: 4 | 6;
  bits: bigint;
}

/** An address or a CIDR range: the addresses whose first `prefix` bits are those of `bits`. */
export interface AddressRange extends Address {
  prefix: number;
}

/** The proxies whose `X-Forwarded-For` is believed; empty: none. */
export type TrustedProxies = readonly AddressRange[];

const WIDTH = { 4: 32, 6: 128 } as const;

function ipv4Bits(text: string): bigint | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  let bits = 0n;
  for (const part of parts) {
    // No leading zeros: some readers take 010 for octal, and the two must never disagree.
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return undefined;
    bits = (bits << 8n) | BigInt(part);
  }
  return bits;
}

function ipv6Bits(text: string): bigint | undefined {
  let hex = text;
  // A dotted IPv4 tail (`::ffff:127.0.0.1`) stands for the last two groups.
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const v4 = ipv4Bits(tail[2]!);
    if (v4 === undefined) return undefined;
    hex = `${tail[1]}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = hex.split("::");
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string) => (half === "" ? [] : half.split(":"));
  const left = groupsOf(halves[0]!);
  const right = halves.length === 2 ? groupsOf(halves[1]!) : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  let bits = 0n;
  for (const group of [
    ...left,
    ...Array<string>(halves.length === 2 ? missing : 0).fill("0"),
    ...right,
  ]) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return undefined;
    bits = (bits << 16n) | BigInt(`0x${group}`);
  }
  return bits;
}

/**
 * An address as peers and proxies write it: IPv4, IPv6 (a zone such as `%eth0` dropped), in
 * brackets or with a port (`[::1]:443`, `10.0.0.1:8080`, as some proxies forward it).
 */
function parseAddress(text: string): Address | undefined {
  let t = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(t);
  if (bracketed) t = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(t)) t = t.slice(0, t.indexOf(":"));
  t = t.replace(/%[\w.-]+$/, "");
  if (!t.includes(":")) {
    const bits = ipv4Bits(t);
    return bits === undefined ? undefined : { family: 4, bits };
  }
  const bits = ipv6Bits(t);
  if (bits === undefined) return undefined;
  // The same IPv4 client on a dual-stack socket: counted as itself, not as another address.
  if (bits >> 32n === 0xffffn) return { family: 4, bits: bits & 0xffffffffn };
  return { family: 6, bits };
}

/** The address in its usual form: dotted IPv4, or IPv6 as RFC 5952 writes it (`::1`). */
function formatAddress({ family, bits }: Address): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => (bits >> shift) & 0xffn).join(".");
  const groups = Array.from({ length: 8 }, (_, i) =>
    Number((bits >> BigInt(112 - i * 16)) & 0xffffn),
  );
  // The longest run of two or more zero groups (the first of equal ones) becomes `::`.
  let run = { at: -1, length: 1 };
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > run.length) run = { at: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (run.at < 0) return hex.join(":");
  return `${hex.slice(0, run.at).join(":")}::${hex.slice(run.at + run.length).join(":")}`;
}

/** One entry of the setting, or why it is refused. */
function parseRange(entry: string): AddressRange | string {
  const [addressText, prefixText, ...rest] = entry.split("/");
  const refused = `"${entry}" is not an IPv4 or IPv6 address or CIDR range (such as 10.0.0.0/8, 127.0.0.1 or ::1)`;
  if (rest.length || addressText === undefined) return refused;
  const raw = addressText.includes(":") ? ipv6Bits(addressText) : ipv4Bits(addressText);
  if (raw === undefined) return refused;
  let family: 4 | 6 = addressText.includes(":") ? 6 : 4;
  let prefix: number = WIDTH[family];
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > WIDTH[family])
      return `"${entry}": the prefix must be a number from 0 to ${WIDTH[family]}`;
    prefix = Number(prefixText);
  }
  let bits = raw;
  // `::ffff:10.0.0.0/104` is 10.0.0.0/8: peers are read as IPv4 too.
  if (family === 6 && raw >> 32n === 0xffffn && prefix >= 96) {
    family = 4;
    bits = raw & 0xffffffffn;
    prefix -= 96;
  }
  const hostBits = BigInt(WIDTH[family] - prefix);
  if ((bits >> hostBits) << hostBits !== bits)
    return `"${entry}" has bits set past its /${prefix} prefix (did you mean ${formatAddress({ family, bits: (bits >> hostBits) << hostBits })}/${prefix}?)`;
  return { family, bits, prefix };
}

/** The problems of a `TRUSTED_PROXIES` value, and its ranges. */
function readTrustedProxies(text: string): { ranges: AddressRange[]; problems: string[] } {
  const ranges: AddressRange[] = [];
  const problems: string[] = [];
  for (const entry of text.split(",").map((e) => e.trim())) {
    if (!entry) continue;
    const range = parseRange(entry);
    if (typeof range === "string") problems.push(range);
    else ranges.push(range);
  }
  return { ranges, problems };
}

/**
 * `TRUSTED_PROXIES`: comma-separated addresses or CIDR ranges of the proxies in front of the
 * program (`127.0.0.1`, `10.0.0.0/8`, `::1`); unset or empty, none.
 */
export const trustedProxiesSetting = z
  .string()
  .default("")
  .transform((text, ctx): TrustedProxies => {
    const { ranges, problems } = readTrustedProxies(text);
    for (const message of problems) ctx.addIssue({ code: "custom", message });
    return problems.length ? z.NEVER : ranges;
  });

/** The same as the setting, for a value read elsewhere; a bad entry throws, named. */
export function parseTrustedProxies(text: string): TrustedProxies {
  const { ranges, problems } = readTrustedProxies(text);
  if (problems.length) throw new Error(`TRUSTED_PROXIES: ${problems.join("; ")}.`);
  return ranges;
}

function isTrusted(address: Address, trusted: TrustedProxies): boolean {
  return trusted.some((range) => {
    if (range.family !== address.family) return false;
    const hostBits = BigInt(WIDTH[range.family] - range.prefix);
    return address.bits >> hostBits === range.bits >> hostBits;
  });
}

/** Whether an address (as a socket or a header gives it) is one of the trusted proxies. */
export function isTrustedProxy(address: string, trusted: TrustedProxies): boolean {
  const parsed = parseAddress(address);
  return parsed !== undefined && isTrusted(parsed, trusted);
}

/**
 * The client's address. A peer that is not a trusted proxy is the client, whatever its
 * `X-Forwarded-For` says. A trusted one's header is read from the right (each proxy appends the
 * address it was connected from), past every trusted address, to the first that is not: that is
 * the address the last trusted proxy saw; further left, the client could have written anything.
 * All trusted: the leftmost. An entry that is no address was not written by a trusted proxy, so
 * the nearest trusted hop counts instead. Addresses come back normalised (`::ffff:127.0.0.1` is
 * `127.0.0.1`); a peer that is no IP address at all comes back as given.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): string {
  if (peer === undefined) return "unknown";
  const peerAddress = parseAddress(peer);
  if (!peerAddress) return peer;
  if (!forwardedFor || !isTrusted(peerAddress, trusted)) return formatAddress(peerAddress);
  const hops = forwardedFor.split(",").map((hop) => hop.trim());
  let nearest = peerAddress;
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!hops[i]) continue;
    const hop = parseAddress(hops[i]!);
    if (!hop) break;
    nearest = hop;
    if (!isTrusted(hop, trusted)) break;
  }
  return formatAddress(nearest);
}

/** An address as `clientAddress` writes it (`::ffff:127.0.0.1` is `127.0.0.1`), or undefined. */
export function normaliseAddress(text: string): string | undefined {
  const parsed = parseAddress(text);
  return parsed ? formatAddress(parsed) : undefined;
}
