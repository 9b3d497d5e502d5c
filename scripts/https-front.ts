/**
 * HTTPS in front of the console for `CONSOLE_HTTPS=1`.
 *
 * The service sends a dealer back from its confirmation page only to an HTTPS address (plain http
 * is allowed for loopback hosts with sandbox keys alone), so production keys need the console on
 * HTTPS. `next start` cannot serve TLS itself; the launcher terminates TLS here and forwards each
 * request, unchanged apart from `X-Forwarded-*`, to the console listening on a loopback port.
 * Without a certificate of one's own, a self-signed one for the console's host is generated into
 * the data directory and reused until it nears expiry.
 */
import { X509Certificate } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import path from "node:path";
import { generate } from "selfsigned";

export interface TlsFiles {
  cert: string;
  key: string;
  /** True when the launcher generated the certificate (browsers will ask to trust it once). */
  selfSigned: boolean;
}

const RENEW_BEFORE_MS = 7 * 24 * 3600_000;

function usable(certPem: string, host: string, now: Date): boolean {
  try {
    const cert = new X509Certificate(certPem);
    if (new Date(cert.validTo).getTime() - now.getTime() < RENEW_BEFORE_MS) return false;
    return isIP(host) ? cert.checkIP(host) !== undefined : cert.checkHost(host) !== undefined;
  } catch {
    return false;
  }
}

/** A certificate for `host`: the operator's files, or a self-signed one kept in `dataDir/tls`. */
export async function tlsFiles(options: {
  host: string;
  dataDir: string;
  certFile?: string;
  keyFile?: string;
  now?: Date;
}): Promise<TlsFiles> {
  if (options.certFile && options.keyFile)
    return {
      cert: readFileSync(options.certFile, "utf8"),
      key: readFileSync(options.keyFile, "utf8"),
      selfSigned: false,
    };
  const now = options.now ?? new Date();
  const dir = path.join(options.dataDir, "tls");
  const certPath = path.join(dir, "console-cert.pem");
  const keyPath = path.join(dir, "console-key.pem");
  if (existsSync(certPath) && existsSync(keyPath)) {
    const cert = readFileSync(certPath, "utf8");
    if (usable(cert, options.host, now))
      return { cert, key: readFileSync(keyPath, "utf8"), selfSigned: true };
  }
  const names = new Set([options.host, "localhost", "127.0.0.1", "::1"]);
  const altNames = [...names].map((name) =>
    isIP(name) ? { type: 7 as const, ip: name } : { type: 2 as const, value: name },
  );
  const pems = await generate([{ name: "commonName", value: options.host }], {
    keySize: 2048,
    algorithm: "sha256",
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: new Date(now.getTime() + 365 * 24 * 3600_000),
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
      { name: "extKeyUsage", serverAuth: true },
      { name: "subjectAltName", altNames },
    ],
  });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(keyPath, pems.private, { mode: 0o600 });
  writeFileSync(certPath, pems.cert);
  return { cert: pems.cert, key: pems.private, selfSigned: true };
}

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
]);

function forwardedHeaders(req: http.IncomingMessage): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers))
    if (!HOP_BY_HOP.has(name) && !name.startsWith("x-forwarded-")) headers[name] = value;
  headers["x-forwarded-proto"] = "https";
  headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
  if (req.headers.host) headers["x-forwarded-host"] = req.headers.host;
  return headers;
}

/** Listens with TLS on `host:port` and forwards every request to the console at `target`. */
export function startHttpsFront(options: {
  tls: TlsFiles;
  host: string;
  port: number;
  target: { host: string; port: number };
}): Promise<https.Server> {
  const server = https.createServer(
    { cert: options.tls.cert, key: options.tls.key },
    (req, res) => {
      const upstream = http.request(
        {
          host: options.target.host,
          port: options.target.port,
          method: req.method,
          path: req.url,
          headers: forwardedHeaders(req),
        },
        (answer) => {
          const headers = { ...answer.headers };
          for (const name of HOP_BY_HOP) delete headers[name];
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => {
        if (res.headersSent) return res.destroy();
        res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
        res.end("The console is not answering; it may still be starting or has stopped.\n");
      });
      req.pipe(upstream);
    },
  );
  // `next dev` keeps a WebSocket for hot reloading: pass upgrades through as raw bytes.
  server.on("upgrade", (req, socket, head) => {
    const upstream = http.request({
      host: options.target.host,
      port: options.target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, "x-forwarded-proto": "https" },
    });
    upstream.on("upgrade", (answer, upstreamSocket, upstreamHead) => {
      const lines = [`HTTP/1.1 101 ${answer.statusMessage ?? "Switching Protocols"}`];
      for (let i = 0; i < answer.rawHeaders.length; i += 2)
        lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (upstreamHead.length) socket.write(upstreamHead);
      if (head.length) upstreamSocket.write(head);
      upstreamSocket.pipe(socket).pipe(upstreamSocket);
      upstreamSocket.on("error", () => socket.destroy());
      socket.on("error", () => upstreamSocket.destroy());
    });
    upstream.on("response", (answer) => {
      socket.end(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\n\r\n`);
    });
    upstream.on("error", () => socket.destroy());
    upstream.end();
  });
  // A browser that drops the TLS handshake (an untrusted certificate) must not stop the front.
  server.on("tlsClientError", (_error, socket) => socket.destroy());
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
