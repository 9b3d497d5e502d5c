import { type IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { parseTrustedProxies } from "@/lib/net/client-address";
import { stamp } from "./stamp-client-address";

const request = (peer: string, headers: Record<string, string>) =>
  ({ socket: { remoteAddress: peer }, headers: { ...headers } }) as unknown as IncomingMessage;

describe("stamping a request with its caller's address", () => {
  it("ignores a caller's own X-Forwarded-For and forwarding headers", () => {
    const r = request("203.0.113.9", {
      "x-forwarded-for": "198.51.100.1",
      "x-real-ip": "198.51.100.2",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
    });
    stamp(r, parseTrustedProxies(""));
    expect(r.headers["x-forwarded-for"]).toBe("203.0.113.9");
    expect(r.headers["x-real-ip"]).toBeUndefined();
    expect(r.headers["x-forwarded-host"]).toBeUndefined();
    expect(r.headers["x-forwarded-proto"]).toBeUndefined();
  });

  it("believes a named proxy: the address it saw, and its forwarding headers", () => {
    const r = request("::ffff:127.0.0.1", {
      "x-forwarded-for": "198.51.100.1, 192.0.2.7",
      "x-forwarded-host": "console.example",
    });
    stamp(r, parseTrustedProxies("127.0.0.1"));
    expect(r.headers["x-forwarded-for"]).toBe("192.0.2.7");
    expect(r.headers["x-forwarded-host"]).toBe("console.example");
  });
});
