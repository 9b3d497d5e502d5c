import { buildOpenApiDocument, SERVICE_VERSION } from "@/lib/api/contract/openapi";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  deprecated?: boolean;
  description?: string;
  parameters: {
    name: string;
    in: string;
    required: boolean;
    description?: string;
    schema: unknown;
  }[];
  requestBody?: { content: { "application/json": { schema: unknown } } };
  responses: Record<
    string,
    { description: string; content?: { "application/json": { schema: unknown } } }
  >;
  "x-endpoint-key": string;
  "x-master-only": boolean;
  "x-idempotency": string;
  "x-replay-safe": boolean;
  "x-billable": boolean;
  "x-async": boolean;
};

const schemaBlock = (schema: unknown) =>
  `<details><summary>Schema</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;

function renderOperation(path: string, method: string, op: Operation): string {
  const facts = [
    `endpoint key <code>${escapeHtml(op["x-endpoint-key"])}</code>`,
    op["x-master-only"] ? "Master client only" : "any active Client",
    `Idempotency-Key: ${escapeHtml(op["x-idempotency"])}`,
    op["x-replay-safe"] ? "replay-safe" : "<strong>not replay-safe</strong>",
    op["x-billable"] ? "billable" : "not billed",
    op["x-async"] ? "may answer 202 (job)" : "",
  ].filter(Boolean);
  const params = op.parameters.length
    ? `<table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${op.parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? "yes" : "no"}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
        )
        .join("")}</tbody></table>`
    : "";
  const body = op.requestBody
    ? `<h4>Request body</h4>${schemaBlock(op.requestBody.content["application/json"].schema)}`
    : "";
  const responses = Object.entries(op.responses)
    .map(
      ([status, r]) =>
        `<li><strong>${status}</strong> ${escapeHtml(r.description)}${r.content && Number(status) < 300 ? schemaBlock(r.content["application/json"].schema) : ""}</li>`,
    )
    .join("");
  return `<section class="op" id="${escapeHtml(op.operationId)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${op.deprecated ? ' <span class="deprecated">deprecated</span>' : ""}</h3>
<p>${escapeHtml(op.summary)} <small>(<code>${escapeHtml(op.operationId)}</code>)</small></p>
${op.description ? `<p>${escapeHtml(op.description)}</p>` : ""}
<p class="facts">${facts.join(" · ")}</p>${params}${body}<h4>Responses</h4><ul>${responses}</ul></section>`;
}

/** A self-contained page (no scripts, no external assets) listing every operation. */
export function renderReferencePage(serverUrl: string): string {
  const doc = buildOpenApiDocument(serverUrl);
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as Operation;
      const tag = op.tags[0] ?? "other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(path, method, op)]);
    }
  }
  const nav = [...byTag.keys()].map((t) => `<li><a href="#group-${t}">${t}</a></li>`).join("");
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<section id="group-${tag}"><h2>${tag}</h2>${ops.join("")}</section>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Vehicle, Parts and Market-Intelligence Service ${SERVICE_VERSION}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1c1f23;background:#fafafa}
header,main{max-width:1000px;margin:0 auto;padding:1rem 1.5rem}
header{border-bottom:1px solid #ddd}
.op{background:#fff;border:1px solid #e3e3e3;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}
.method{display:inline-block;min-width:4.5em;text-align:center;border-radius:4px;padding:0 .4em;color:#fff;font-size:.8em}
.get{background:#1d6fb8}.post{background:#2e7d32}.put{background:#8d5b00}.patch{background:#6a1b9a}.delete{background:#b71c1c}
.deprecated{color:#b71c1c;font-size:.8em;border:1px solid #b71c1c;border-radius:4px;padding:0 .3em}
.facts{color:#555;font-size:.9em}table{border-collapse:collapse;font-size:.9em}td,th{border:1px solid #ddd;padding:.2em .5em;text-align:left}
pre{background:#f4f4f4;padding:.5em;overflow:auto;max-height:24em}a:focus,summary:focus{outline:2px solid #1d6fb8;outline-offset:2px}
nav ul{display:flex;flex-wrap:wrap;gap:.25em 1em;list-style:none;padding:0}
</style></head><body>
<header><h1>API reference</h1><p>Vehicle, Parts and Market-Intelligence Service, version ${SERVICE_VERSION}. Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1.0). Authenticate every operation with the <code>X-Api-Key</code> header; keys belong on servers only.</p>
<p>Every result is derived data and not a guarantee: fitment, references, VDI codes and price evaluations never prove that a part fits a specific vehicle and are not binding price statements.</p>
<nav aria-label="Resource groups"><ul>${nav}</ul></nav></header>
<main>${sections}</main></body></html>`;
}
