/**
 * Malformed requests over every operation of the table, from a seeded generator (the same seed
 * gives the same requests), and a runner that sends them and counts what the interface forbids:
 * a 5xx other than a documented 503, and a refusal without an `{error, message}` JSON body.
 */
import { connect } from "node:net";
import { ERROR_CATALOGUE, isKnownErrorCode } from "@/lib/api/contract/errors";
import { OPERATION_IDS, OPERATIONS, type OperationDefinition } from "@/lib/api/contract/operations";

export interface FuzzKeys {
  master: string;
  sandbox: string;
  subUser: string;
  beneficiary: string;
}

export type FuzzRequest =
  | {
      kind: "http";
      operationId: string;
      method: string;
      path: string;
      headers: Record<string, string>;
      body?: string;
    }
  | { kind: "raw"; label: string; bytes: string };

export interface FuzzFigures {
  sent: number;
  operationsCovered: number;
  byStatus: Record<string, number>;
  serverErrors: number;
  refusalsWithoutBody: number;
  noAnswer: number;
  examples: string[];
}

/** Mulberry32: small, fast, seeded. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OBJECT_MEMBERS = [
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "prototype",
];
const NASTY_SEGMENTS = [
  "",
  "%",
  "%zz",
  "%00",
  "%2F",
  "..",
  "%2e%2e",
  "x".repeat(3000),
  "%C3%BC",
  "%F0%9F%9A%97",
  "%3Cscript%3E",
  "'%20OR%201=1",
  "-1",
  "0",
  "1e309",
  "null",
  "WVWZZZ1KZ8W000001",
  "1K0615301AA",
  "00000000-0000-0000-0000-000000000000",
  ...OBJECT_MEMBERS,
];
const NASTY_VALUES = [
  "",
  "-1",
  "0",
  "1.5",
  "9".repeat(400),
  "NaN",
  "true",
  "null",
  "[]",
  "{}",
  "%zz",
  "%00",
  "ü",
  "x".repeat(2000),
  ...OBJECT_MEMBERS,
];
const NASTY_BODIES = [
  "{",
  "[",
  "}",
  "null",
  "true",
  "0",
  '"text"',
  "[]",
  "[{}]",
  "{}",
  '{"a":',
  "\u0000",
  "[".repeat(5000) + "]".repeat(5000),
  '{"x":' + "[".repeat(3000) + "]".repeat(3000) + "}",
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"name":1e999}',
  '{"name":"\\ud800"}',
  `{"name":"${"x".repeat(200_000)}"}`,
  '{"vin":null,"returnUrl":null,"oeNumbers":null,"positions":null,"fileUrl":null,"imageUrl":null}',
  '{"vin":123,"oeNumbers":"x","mode":[],"positions":{},"fileUrl":7,"oeNumber":{}}',
  '{"rateLimits":[{"endpointKey":"__proto__","windowSeconds":-1,"maxRequests":1e20}]}',
  '{"endpointKeys":[],"beneficiaryClientId":{},"monthlyCapMinor":-5}',
  '{"mode":"constructor","sponsorClientId":"__proto__"}',
];
const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=latin1",
  "application/vnd.api+json",
  "",
];
const RAW_REQUESTS: { label: string; bytes: string }[] = [
  { label: "not HTTP", bytes: "HELLO\r\n\r\n" },
  { label: "bad method token", bytes: "G@T /ping HTTP/1.1\r\nHost: x\r\n\r\n" },
  { label: "unknown version", bytes: "GET /ping HTTP/9.9\r\nHost: x\r\n\r\n" },
  { label: "header without colon", bytes: "GET /ping HTTP/1.1\r\nHost: x\r\nBroken\r\n\r\n" },
  { label: "space before colon", bytes: "GET /ping HTTP/1.1\r\nHost : x\r\n\r\n" },
  {
    label: "control byte in header",
    bytes: "GET /ping HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n",
  },
  {
    label: "two Content-Lengths",
    bytes:
      "POST /client/users HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
  },
  {
    label: "Content-Length and chunked",
    bytes:
      "POST /client/users HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
  },
  {
    label: "bad chunk size",
    bytes:
      "POST /client/users HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
  },
  {
    label: "negative Content-Length",
    bytes: "POST /client/users HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
  },
  {
    label: "absolute-form target",
    bytes: "GET http://other.example/ping HTTP/1.1\r\nHost: x\r\n\r\n",
  },
  { label: "asterisk target", bytes: "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n" },
  { label: "no Host", bytes: "GET /ping HTTP/1.1\r\n\r\n" },
  { label: "bad Host", bytes: "GET /ping HTTP/1.1\r\nHost: a b\r\n\r\n" },
  { label: "HTTP/1.0", bytes: "GET /ping HTTP/1.0\r\n\r\n" },
  {
    label: "10,000 headers",
    bytes:
      "GET /ping HTTP/1.1\r\nHost: x\r\n" +
      Array.from({ length: 10_000 }, (_, i) => `X-F${i}: v`).join("\r\n") +
      "\r\n\r\n",
  },
  {
    label: "64 KiB request target",
    bytes: `GET /${"a".repeat(65_536)} HTTP/1.1\r\nHost: x\r\n\r\n`,
  },
  { label: "CONNECT", bytes: "CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: x\r\n\r\n" },
  { label: "TRACE", bytes: "TRACE /ping HTTP/1.1\r\nHost: x\r\n\r\n" },
  {
    label: "obsolete line folding",
    bytes: "GET /ping HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n",
  },
];

/** `count` requests, a few per operation and per raw kind in turn, from `seed`. */
export function generateMalformedRequests(count: number, keys: FuzzKeys, seed = 1): FuzzRequest[] {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const allKeys = [keys.master, keys.sandbox, keys.subUser, keys.beneficiary];
  const methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
  const requests: FuzzRequest[] = [];
  for (let i = 0; requests.length < count; i++) {
    if (i % 25 === 24) {
      const raw = RAW_REQUESTS[((i / 25) % RAW_REQUESTS.length) | 0]!;
      requests.push({ kind: "raw", ...raw });
      continue;
    }
    const operationId = OPERATION_IDS[i % OPERATION_IDS.length]!;
    const op: OperationDefinition = OPERATIONS[operationId];
    const template = rnd() < 0.1 && op.aliases?.length ? pick(op.aliases) : op.path;
    const path = template.replace(/\{[A-Za-z0-9_]+\}/g, () =>
      rnd() < 0.8 ? pick(NASTY_SEGMENTS) : "valid-looking-id",
    );
    const query: string[] = [];
    const queryCount = Math.floor(rnd() * 4);
    for (let q = 0; q < queryCount; q++) {
      const name =
        rnd() < 0.4
          ? pick(OBJECT_MEMBERS)
          : pick([
              "limit",
              "offset",
              "oeNumber",
              "country",
              "provider",
              "currency",
              "condition",
              "marketplaceId",
              "language",
              "vehicleType",
              "sourceLanguage",
              "text",
              "maxPricedParts",
              "recoveryRate",
              "costPerPart",
              "clusterVersion",
              "includeEquipments",
              "manufacturer",
            ]);
      query.push(`${name}=${pick(NASTY_VALUES)}`);
      if (rnd() < 0.2) query.push(`${name}=${pick(NASTY_VALUES)}`);
    }
    const headers: Record<string, string> = {};
    const keyChoice = rnd();
    if (keyChoice < 0.75) headers["X-Api-Key"] = pick(allKeys);
    else if (keyChoice < 0.85)
      headers["X-Api-Key"] = pick(["svc_live_" + "A".repeat(32), "x", "constructor"]);
    if (rnd() < 0.3)
      headers["Idempotency-Key"] = pick([
        "k",
        "constructor",
        "__proto__",
        "x".repeat(300),
        "has space",
        `k-${i}`,
      ]);
    if (rnd() < 0.3)
      headers[pick(OBJECT_MEMBERS).replace(/_/g, "x")] = pick(NASTY_VALUES).slice(0, 100) || "v";
    const method = rnd() < 0.85 ? op.method : pick(methods);
    let body: string | undefined;
    if (method !== "GET" && method !== "HEAD" && rnd() < 0.9) {
      body = pick(NASTY_BODIES);
      const type = pick(CONTENT_TYPES);
      if (type) headers["Content-Type"] = type;
    }
    requests.push({
      kind: "http",
      operationId,
      method,
      path: query.length ? `${path}?${query.join("&")}` : path,
      headers,
      body,
    });
  }
  return requests;
}

/** Sends raw bytes and returns the first answer (status and body), or null when none came. */
function sendRaw(port: number, bytes: string): Promise<{ status: number; body: string } | null> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let answer = "";
    const finish = () => {
      socket.destroy();
      const [head, ...rest] = answer.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head ?? "")?.[1]);
      resolve(status ? { status, body: rest.join("\r\n\r\n") } : null);
    };
    socket.setTimeout(5_000, finish);
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
      const [head, body] = answer.split("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(head ?? "")?.[1];
      if (
        body !== undefined &&
        length !== undefined &&
        Buffer.byteLength(body, "latin1") >= Number(length)
      )
        finish();
    });
    socket.on("close", finish);
    socket.on("error", finish);
  });
}

const DOCUMENTED_503 = new Set(
  Object.entries(ERROR_CATALOGUE)
    .filter(([, e]) => e.status === 503)
    .map(([code]) => code),
);

function judge(status: number, body: string, method: string): "ok" | "server-error" | "no-body" {
  let parsed: unknown;
  try {
    parsed = body ? JSON.parse(body) : undefined;
  } catch {
    parsed = undefined;
  }
  const error = (parsed as { error?: unknown } | undefined)?.error;
  const message = (parsed as { message?: unknown } | undefined)?.message;
  const hasBody = typeof error === "string" && typeof message === "string";
  if (status >= 500 && !(status === 503 && typeof error === "string" && DOCUMENTED_503.has(error)))
    return "server-error";
  // A HEAD answer carries no body by definition of the method.
  if (status >= 400 && !hasBody && method !== "HEAD") return "no-body";
  if (status >= 400 && typeof error === "string" && !isKnownErrorCode(error)) return "no-body";
  return "ok";
}

export async function runMalformedRequests(
  baseUrl: string,
  requests: FuzzRequest[],
): Promise<FuzzFigures> {
  const port = Number(new URL(baseUrl).port);
  const figures: FuzzFigures = {
    sent: 0,
    operationsCovered: new Set(requests.flatMap((r) => (r.kind === "http" ? [r.operationId] : [])))
      .size,
    byStatus: {},
    serverErrors: 0,
    refusalsWithoutBody: 0,
    noAnswer: 0,
    examples: [],
  };
  for (const request of requests) {
    figures.sent++;
    let answer: { status: number; body: string } | null;
    let method = "RAW";
    let label: string;
    if (request.kind === "raw") {
      answer = await sendRaw(port, request.bytes);
      label = `raw ${request.label}`;
    } else {
      method = request.method;
      label = `${request.method} ${request.path.slice(0, 120)}`;
      try {
        const res = await fetch(baseUrl + request.path, {
          method: request.method,
          headers: request.headers,
          body: request.body,
        });
        answer = { status: res.status, body: await res.text() };
      } catch {
        // fetch refuses some targets itself (a "%" it cannot parse): send those raw.
        const head = [
          `${request.method} ${request.path} HTTP/1.1`,
          "Host: 127.0.0.1",
          "Connection: close",
          ...Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`),
          ...(request.body !== undefined
            ? [`Content-Length: ${Buffer.byteLength(request.body)}`]
            : []),
        ].join("\r\n");
        answer = await sendRaw(port, `${head}\r\n\r\n${request.body ?? ""}`);
      }
    }
    if (!answer) {
      figures.noAnswer++;
      if (figures.examples.length < 20) figures.examples.push(`no answer: ${label}`);
      continue;
    }
    figures.byStatus[answer.status] = (figures.byStatus[answer.status] ?? 0) + 1;
    const verdict = judge(answer.status, answer.body, method);
    if (verdict === "server-error") figures.serverErrors++;
    if (verdict === "no-body") figures.refusalsWithoutBody++;
    if (verdict !== "ok" && figures.examples.length < 20)
      figures.examples.push(`${answer.status} ${answer.body.slice(0, 100)} ← ${label}`);
  }
  return figures;
}
