import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@/lib/net/free-port";
import { MAX_BODY_BYTES, TOO_LARGE } from "@/service/pipeline/request-input";
import { writeNginxConf } from "../../scripts/nginx-conf";
import { expect, test } from "../support/test";

/**
 * What `deploy/nginx.conf` sends again when an instance fails, against instances that fail on
 * purpose: one refuses connections (a crashed instance's port), one takes each request and dies
 * while answering it (its connection cut), one answers. A request nginx never sent goes on; one
 * it sent goes on only when sending it again is safe: a read, a PUT or DELETE (replay-safe), a
 * write with an Idempotency-Key. A POST without one is never sent twice.
 */
const seen = { dying: [] as string[], answering: [] as string[] };
const servers: Server[] = [];
let nginx: ChildProcess;
let prefix = "";
let front = "";

async function upstream(name: "dying" | "answering"): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      seen[name].push(String(req.headers["x-test-id"]));
      if (name === "dying") req.socket.destroy();
      else res.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test.beforeAll(async () => {
  const refused = `127.0.0.1:${await freePort()}`;
  const dying = await upstream("dying");
  const answering = await upstream("answering");
  prefix = mkdtempSync(path.join(tmpdir(), "vpmi-nginx-resend-"));
  // nginx's workers (nobody, as root) keep large bodies under it.
  chmodSync(prefix, 0o755);
  const servicePort = await freePort();
  const conf = writeNginxConf({
    prefix,
    consoles: [answering],
    services: [refused, dying, answering],
    consoleListen: `127.0.0.1:${await freePort()}`,
    serviceListen: `127.0.0.1:${servicePort}`,
  });
  nginx = spawn("nginx", ["-p", prefix, "-c", conf, "-g", "daemon off;"], { stdio: "inherit" });
  front = `http://127.0.0.1:${servicePort}`;
  await expect
    .poll(
      () =>
        fetch(`${front}/ping`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 10_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  nginx?.kill("SIGTERM");
  for (const server of servers) server.closeAllConnections();
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  rmSync(prefix, { recursive: true, force: true });
});

test("nginx sends a request to another instance only when sending it again is safe", async () => {
  const send = async (id: string, method: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${front}/resend-check`, {
      method,
      headers: { "X-Test-Id": id, "Content-Type": "application/json", ...headers },
      body: method === "GET" || method === "DELETE" ? undefined : '{"a":1}',
    });
    await res.arrayBuffer();
    return res.status;
  };
  const outcomes: { id: string; kind: string; status: number }[] = [];
  // Enough of each, in a shuffled order, that every kind meets each instance (nginx takes them
  // in turn).
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  for (let n = 0; n < 18; n++) {
    const round = [
      ["read", "GET", {}],
      ["put", "PUT", {}],
      ["delete", "DELETE", {}],
      ["keyed write", "POST", { "Idempotency-Key": `resend-${n}` }],
      ["write", "POST", {}],
      ["patch", "PATCH", {}],
    ] as const;
    for (const [kind, method, headers] of [...round].sort(() => random() - 0.5)) {
      const id = `${kind}-${n}`;
      outcomes.push({ id, kind, status: await send(id, method, headers) });
    }
  }
  const times = (list: string[], id: string) => list.filter((x) => x === id).length;
  for (const { id, kind, status } of outcomes) {
    const died = times(seen.dying, id);
    const answered = times(seen.answering, id);
    expect(answered, `${id} reached the answering instance at most once`).toBeLessThanOrEqual(1);
    if (kind === "write" || kind === "patch") {
      // Sent once: to the instance that died (the caller gets 502), or to the one that answered.
      expect(died + answered, id).toBe(1);
      expect(status, id).toBe(died ? 502 : 200);
    } else {
      // Sent again after the instance died while answering: answered.
      expect(status, id).toBe(200);
      expect(answered, id).toBe(1);
    }
  }
  // Each kind met the dying instance at least once, or the test proved nothing.
  for (const kind of ["read", "put", "delete", "keyed write", "write", "patch"])
    expect(
      outcomes.filter((o) => o.kind === kind && seen.dying.includes(o.id)).length,
      kind,
    ).toBeGreaterThan(0);
});

/** A POST streamed in 64 KiB chunks until nginx answers (or `limit` bytes went); its answer. */
function streamPost(id: string, headers: Record<string, string>, limit: number) {
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const url = new URL(`${front}/scanner/label/basic`);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { "X-Test-Id": id, "Content-Type": "application/json", ...headers },
      },
      (res) => {
        answered = true;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, sent }));
      },
    );
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!answered && sent < limit) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    // Written once connected: before that every write is only buffered here.
    req.once("socket", (socket) => socket.once("connect", pump));
  });
}

test("a body over the service's limit is refused before it is read, keyed or not, as the service refuses it", async () => {
  const huge = 64 * 1024 * 1024;
  for (const [id, headers] of [
    ["large keyed", { "Idempotency-Key": "large-1" }],
    ["large unkeyed", {}],
  ] as const) {
    // Declared: refused at once.
    const declared = await fetch(`${front}/scanner/label/basic`, {
      method: "POST",
      headers: { "X-Test-Id": `${id} declared`, "Content-Type": "application/json", ...headers },
      body: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20),
    });
    expect(declared.status, id).toBe(413);
    expect(await declared.json(), id).toEqual(TOO_LARGE);
    // Streamed without a length: refused once past the limit, before the upload ends (what
    // nginx still reads after its answer it discards).
    const streamed = await streamPost(`${id} streamed`, headers, huge);
    expect(streamed.status, id).toBe(413);
    expect(JSON.parse(streamed.body), id).toEqual(TOO_LARGE);
    expect(streamed.sent, id).toBeLessThan(huge);
  }
  const reached = [...seen.dying, ...seen.answering];
  expect(reached.filter((x) => x.startsWith("large"))).toEqual([]);
  // Nothing of them was kept on disk by nginx.
  const kept = readdirSync(path.join(prefix, "tmp", "body")).map(
    (f) => statSync(path.join(prefix, "tmp", "body", f)).size,
  );
  expect(kept.filter((size) => size > MAX_BODY_BYTES)).toEqual([]);
  // Within the limit, a keyed write still goes through.
  const fits = await fetch(`${front}/scanner/label/basic`, {
    method: "POST",
    headers: {
      "X-Test-Id": "fits",
      "Idempotency-Key": "fits-1",
      "Content-Type": "application/json",
    },
    body: Buffer.alloc(MAX_BODY_BYTES - 1024, 0x20),
  });
  expect(fits.status).toBe(200);
});
