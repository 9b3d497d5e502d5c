import { isLoopbackHost } from "@/lib/api/contract/vin";

/**
 * The console's address as people should use it. A passkey (WebAuthn) belongs to a domain name,
 * never to an IP address: a browser refuses every ceremony on `http://127.0.0.1:3000`. So the
 * launcher prints, links and defaults `CONSOLE_PUBLIC_URL` to `localhost` when the console
 * listens on a loopback address (or on every interface), and a page opened at an IP address
 * points to where passkeys work instead of offering one.
 */

/** `127.0.0.1`, `10.0.0.5`, `[::1]`, `::1`: an address, not a name. */
export function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(":");
}

/** What `npm start` prints for a console listening on `host:port`. */
export function consoleAddress(o: { host: string; port: number; https: boolean }): string {
  const everywhere = o.host === "0.0.0.0" || o.host === "::" || o.host === "[::]";
  const name =
    everywhere || isLoopbackHost(o.host)
      ? "localhost"
      : o.host.includes(":") && !o.host.startsWith("[")
        ? `[${o.host}]`
        : o.host;
  return `${o.https ? "https" : "http"}://${name}:${o.port}`;
}

/**
 * Where passkeys work, for a page open at `here`: undefined when they work here (a name), else
 * the same page at the console's public address when that is a name, or at `localhost` for a
 * loopback IP address; `null` when no address of this console has a name.
 */
export function passkeyAddress(
  here: URL,
  publicUrl: string | undefined,
): string | null | undefined {
  if (!isIpAddress(here.hostname.replace(/^\[|\]$/g, ""))) return undefined;
  const page = `${here.pathname}${here.search}`;
  const pub = publicUrl ? new URL(publicUrl) : undefined;
  if (pub && !isIpAddress(pub.hostname.replace(/^\[|\]$/g, "")) && !isLoopbackHost(pub.hostname))
    return new URL(page, pub).href;
  if (isLoopbackHost(here.hostname)) {
    const there = new URL(here.href);
    there.hostname = "localhost";
    there.hash = "";
    return there.href;
  }
  return null;
}
