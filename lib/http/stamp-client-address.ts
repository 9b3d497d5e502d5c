import { type IncomingMessage, Server } from "node:http";
import { clientAddress, isTrustedProxy, type TrustedProxies } from "@/lib/net/client-address";

/** Headers only a proxy the operator named may set; from anyone else they are dropped. */
const PROXY_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip"];

/**
 * Stamps every request this process's HTTP servers receive with its caller's address, before
 * Next.js reads it: `X-Forwarded-For` becomes the one address `clientAddress` finds (the socket's
 * peer, unless that peer is a trusted proxy), and the other forwarding headers stay only when a
 * trusted proxy sent them. Next.js keeps an `X-Forwarded-For` it is given and does not expose
 * the socket, so without this a caller could name its own address and reset a sign-in limit.
 */
export function stampClientAddresses(trusted: TrustedProxies) {
  const marked = Server.prototype as Server & { clientAddressStamped?: true };
  if (marked.clientAddressStamped) return;
  marked.clientAddressStamped = true;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") stamp(args[0] as IncomingMessage, trusted);
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}

export function stamp(request: IncomingMessage, trusted: TrustedProxies) {
  const forwarded = request.headers["x-forwarded-for"];
  const peer = request.socket.remoteAddress;
  const address = clientAddress(
    peer,
    Array.isArray(forwarded) ? forwarded.join(",") : forwarded,
    trusted,
  );
  if (!peer || !isTrustedProxy(peer, trusted))
    for (const name of PROXY_HEADERS) delete request.headers[name];
  request.headers["x-forwarded-for"] = address;
}
