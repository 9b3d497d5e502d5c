import { type NextRequest, NextResponse } from "next/server";
import { consoleConfig } from "@/lib/config/console-env";
import { buildContentSecurityPolicy, SECURITY_HEADERS } from "@/lib/security/console-csp";
import { judgeOrigin, ORIGIN_REFUSALS } from "@/lib/security/console-same-origin";

/**
 * Writes (server actions) must come from the console's own pages; every page gets a fresh CSP
 * nonce and the security headers.
 */
export function proxy(request: NextRequest) {
  const config = consoleConfig();
  const verdict = judgeOrigin(request.method, request.headers, config.CONSOLE_PUBLIC_URL);
  if (!verdict.allowed) {
    return new NextResponse(ORIGIN_REFUSALS[verdict.reason], {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...SECURITY_HEADERS },
    });
  }
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = buildContentSecurityPolicy(nonce, { dev: config.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  // Next reads the request-side policy to put the nonce on its own scripts.
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  // The VIN callback's address carries svcId and state, an invitation's its token: neither may
  // travel on as a referrer.
  if (
    request.nextUrl.pathname === "/vin/callback" ||
    request.nextUrl.pathname.startsWith("/invite/")
  )
    response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico).*)" }],
};
