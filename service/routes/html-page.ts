export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A small self-contained HTML page of the service (redirect sessions, pilot sign-in): no script, strict CSP. */
export function page(
  title: string,
  body: string,
  formActionOrigin?: string,
  init: {
    status?: number;
    headers?: Record<string, string>;
    /** `same-origin` by default: the page's own form posts keep their origin. */
    referrerPolicy?: "same-origin" | "no-referrer";
  } = {},
): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1c1f23}
fieldset{border:1px solid #cbd5e1;border-radius:8px;padding:1rem}label{display:block;padding:.5rem;border-radius:6px}
label:hover{background:#f1f5f9}button{font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #1d5fa8;margin-right:.5rem}
.primary{background:#1d5fa8;color:#fff}:focus-visible{outline:2px solid #1d5fa8;outline-offset:2px}small{color:#475569}</style></head>
<body><main>${body}</main></body></html>`;
  return new Response(html, {
    status: init.status ?? 200,
    headers: {
      ...init.headers,
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      // Its own form posts keep their origin (a cross-site check refuses `Origin: null`), and no
      // other site learns the page's address.
      "Referrer-Policy": init.referrerPolicy ?? "same-origin",
      "X-Content-Type-Options": "nosniff",
      // Forms post to the service itself (and, for redirect sessions, go on to the caller's return address).
      "Content-Security-Policy": `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'${formActionOrigin ? ` ${formActionOrigin}` : ""}; frame-ancestors 'none'; base-uri 'none'`,
    },
  });
}
