import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/lib/net/free-port";
import { startHttpsFront, tlsFiles } from "./https-front";

function get(
  port: number,
  pathname: string,
  init: { method?: string; body?: string; ca: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host: "127.0.0.1", port, path: pathname, method: init.method ?? "GET", ca: init.ca },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

describe("tlsFiles", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "https-front-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("generates a certificate for the host once, keeps the key owner-only, and reuses it", async () => {
    const first = await tlsFiles({ host: "127.0.0.1", dataDir: dir });
    const cert = new X509Certificate(first.cert);
    expect(first.selfSigned).toBe(true);
    expect(cert.checkIP("127.0.0.1")).toBe("127.0.0.1");
    expect(cert.checkHost("localhost")).toBe("localhost");
    const second = await tlsFiles({ host: "127.0.0.1", dataDir: dir });
    expect(second.cert).toBe(first.cert);
    expect(statSync(path.join(dir, "tls", "console-key.pem")).mode & 0o777).toBe(0o600);
  });

  it("issues a new certificate for another host or when the old one nears expiry", async () => {
    const first = await tlsFiles({ host: "127.0.0.1", dataDir: dir });
    const otherHost = await tlsFiles({ host: "console.internal", dataDir: dir });
    expect(otherHost.cert).not.toBe(first.cert);
    expect(new X509Certificate(otherHost.cert).checkHost("console.internal")).toBe(
      "console.internal",
    );
    const later = new Date(Date.now() + 360 * 24 * 3600_000);
    const renewed = await tlsFiles({ host: "console.internal", dataDir: dir, now: later });
    expect(renewed.cert).not.toBe(otherHost.cert);
  });

  it("uses the operator's own files when both are given", async () => {
    const own = await tlsFiles({ host: "127.0.0.1", dataDir: dir });
    const certFile = path.join(dir, "tls", "console-cert.pem");
    const keyFile = path.join(dir, "tls", "console-key.pem");
    const given = await tlsFiles({ host: "elsewhere", dataDir: "/nonexistent", certFile, keyFile });
    expect(given).toEqual({
      cert: own.cert,
      key: readFileSync(keyFile, "utf8"),
      selfSigned: false,
    });
  });
});

describe("startHttpsFront", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "https-front-"));
  let upstream: http.Server;
  let front: https.Server;
  let port: number;
  let upstreamPort: number;
  let ca: string;
  const seen: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      seen.push(req.headers);
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        res.setHeader("set-cookie", "a=1; Secure; HttpOnly");
        res.writeHead(201, { "content-type": "text/plain" });
        res.end(`${req.method} ${req.url} ${body}`);
      });
    });
    upstreamPort = await freePort();
    await new Promise<void>((r) => upstream.listen(upstreamPort, "127.0.0.1", r));
    const tls = await tlsFiles({ host: "127.0.0.1", dataDir: dir });
    ca = tls.cert;
    port = await freePort();
    front = await startHttpsFront({
      tls,
      host: "127.0.0.1",
      port,
      target: { host: "127.0.0.1", port: upstreamPort },
    });
  });
  afterAll(async () => {
    front.close();
    upstream.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("forwards method, path, body and answer, and says the browser used https", async () => {
    const res = await get(port, "/vin/callback?state=x", { method: "POST", body: "hello", ca });
    expect(res.status).toBe(201);
    expect(res.body).toBe("POST /vin/callback?state=x hello");
    expect(res.headers["set-cookie"]).toEqual(["a=1; Secure; HttpOnly"]);
    const headers = seen.at(-1)!;
    expect(headers["x-forwarded-proto"]).toBe("https");
    expect(headers.host).toBe(`127.0.0.1:${port}`);
    expect(headers["x-forwarded-host"]).toBe(`127.0.0.1:${port}`);
  });

  it("answers 502 with a sentence while the console is not answering", async () => {
    await new Promise<void>((r) => upstream.close(() => r()));
    const res = await get(port, "/", { ca });
    expect(res.status).toBe(502);
    expect(res.body).toContain("The console is not answering");
    await new Promise<void>((r) => upstream.listen(upstreamPort, "127.0.0.1", r));
  });
});
