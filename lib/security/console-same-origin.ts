/** Methods that never change anything, so they need no proof of where they come from. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type OriginVerdict =
  { allowed: true } | { allowed: false; reason: "missing-origin" | "foreign-origin" };

/**
 * Whether a request that may change something comes from this console's own pages. Browsers
 * send `Origin` with every POST; a request without one (a script, an old client, a stripped
 * proxy) or from another site is refused, so a server action runs only for our own forms.
 * The console's own host is the one the browser addressed (`X-Forwarded-Host` behind a proxy,
 * else `Host`), or the host of `CONSOLE_PUBLIC_URL`.
 */
export function judgeOrigin(
  method: string,
  headers: Headers,
  publicUrl: string | undefined,
): OriginVerdict {
  if (SAFE_METHODS.has(method.toUpperCase())) return { allowed: true };
  const origin = headers.get("origin");
  if (!origin || origin === "null") return { allowed: false, reason: "missing-origin" };
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return { allowed: false, reason: "foreign-origin" };
  }
  const ownHosts = new Set<string>();
  const addressed = headers.get("x-forwarded-host") ?? headers.get("host");
  if (addressed) ownHosts.add(addressed.split(",")[0]!.trim().toLowerCase());
  if (publicUrl) {
    try {
      ownHosts.add(new URL(publicUrl).host);
    } catch {
      // A malformed setting is refused at start-up; here it simply adds nothing.
    }
  }
  return ownHosts.has(originHost.toLowerCase())
    ? { allowed: true }
    : { allowed: false, reason: "foreign-origin" };
}

export const ORIGIN_REFUSALS: Record<"missing-origin" | "foreign-origin", string> = {
  "missing-origin":
    "Refused: this request changes data but carries no Origin header, so it cannot be shown to come from this console's own pages. Use the console in a browser.",
  "foreign-origin":
    "Refused: this request changes data but comes from another site. Open the console at its own address and try again.",
};
