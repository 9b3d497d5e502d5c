import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type ServiceApp } from "./context";

/**
 * The API reference people read at `/reference`: Scalar's renderer, served from the npm package
 * (never a CDN) under a policy that lets the page talk to this service only. It renders the
 * same `/openapi.json` that tools read.
 */
const RENDERER = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@scalar/api-reference")),
  "browser",
  "standalone.js",
);

/** Scripts are files of this service, never inline; styles are the renderer's own, inline. */
const POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference: Vehicle, Parts and Market-Intelligence Service</title>
  </head>
  <body>
    <noscript>This reference needs JavaScript. The OpenAPI document is at <a href="/openapi.json">/openapi.json</a>.</noscript>
    <nav aria-label="Sandbox">
      <a href="/pilot/sign-in">Intelligence pilot sign-in</a>: a first-party session
      (<code>__Host-service_session</code>) for the Intelligence operations, for pilot accounts.
    </nav>
    <div id="reference"></div>
    <script src="/reference/renderer.js"></script>
    <script src="/reference/start.js"></script>
  </body>
</html>
`;

/** No fonts, proxies or clients of the renderer's maker: everything stays on this service. */
const START = `Scalar.createApiReference("#reference", {
  url: "/openapi.json",
  withDefaultFonts: false,
  hideClientButton: true,
  proxyUrl: "",
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  documentDownloadType: "json",
  showDeveloperTools: "never",
});
`;

export function mountReferencePage(app: ServiceApp) {
  let renderer: string | undefined;
  const headers = (type: string, cache: string) => ({
    "Content-Type": type,
    "Cache-Control": cache,
    "Content-Security-Policy": POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
  });
  app.get(
    "/reference",
    () => new Response(HTML, { headers: headers("text/html; charset=utf-8", "no-cache") }),
  );
  app.get("/reference/renderer.js", () => {
    renderer ??= readFileSync(RENDERER, "utf8");
    return new Response(renderer, {
      headers: headers("text/javascript; charset=utf-8", "public, max-age=86400"),
    });
  });
  app.get(
    "/reference/start.js",
    () => new Response(START, { headers: headers("text/javascript; charset=utf-8", "no-cache") }),
  );
}
