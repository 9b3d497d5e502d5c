import { type Context } from "hono";
import { clientAddress, type TrustedProxies } from "@/lib/net/client-address";
import { type ServiceBindings } from "../context";

/**
 * Whether a form post comes from another site than the service's own pages (and so is refused):
 * by `Sec-Fetch-Site` where the browser sends it; otherwise by `Origin`, which must be the
 * service's own. `Origin: null` (a sandboxed frame, a `data:` page, a privacy redirect) is
 * another site: the service's pages keep their origin on their own posts (`Referrer-Policy:
 * same-origin`). A client that sends neither header is no browser, so no other site's page.
 */
export function crossSitePost(c: Context<ServiceBindings>, publicUrl: string): boolean {
  const site = c.req.header("Sec-Fetch-Site");
  const origin = c.req.header("Origin");
  if (origin === "null") return true;
  if (site !== undefined) return site !== "same-origin" && site !== "none";
  if (origin === undefined) return false;
  return !ownOrigins(c, publicUrl).includes(origin);
}

/** The origins the service answers as: its public address, and the address the request used. */
function ownOrigins(c: Context<ServiceBindings>, publicUrl: string): string[] {
  const own = [new URL(c.req.url).origin];
  if (publicUrl) own.push(new URL(publicUrl).origin);
  return own;
}

/**
 * The address a request came from, for bounds per source: the socket's peer, or, when that peer
 * is one of `TRUSTED_PROXIES`, the client its `X-Forwarded-For` names (never a header a client
 * sent straight to the service).
 */
export function sourceAddress(c: Context<ServiceBindings>, trusted: TrustedProxies): string {
  return clientAddress(
    c.env?.incoming?.socket?.remoteAddress,
    c.req.header("X-Forwarded-For"),
    trusted,
  );
}
