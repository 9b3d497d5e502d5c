/** sha256 of `display:none`, the style React streams hidden SVG segments with. */
export const REACT_HIDDEN_SVG_STYLE_HASH = "sha256-aqNNdDLnnrDOnTNdkJpYlAxKVJtLt9CtFLklmInuUAE=";

/**
 * The console's Content-Security-Policy. Scripts run only with this request's nonce (and what
 * they load, through 'strict-dynamic'); nothing may frame the console or change its base URL.
 */
export function buildContentSecurityPolicy(nonce: string, opts: { dev: boolean }): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      ...(opts.dev ? ["'unsafe-eval'"] : []),
    ],
    "style-src": ["'self'", `'nonce-${nonce}'`],
    // One inline style attribute only: `display:none`, which React writes itself on the hidden
    // <svg> that carries streamed content inside an SVG chart until it takes its place.
    "style-src-attr": ["'unsafe-hashes'", `'${REACT_HIDDEN_SVG_STYLE_HASH}'`],
    // Images the user names (a vision input) and answers point to are shown where they are.
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

export const SECURITY_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};
