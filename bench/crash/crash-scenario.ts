/**
 * Drives billable and mutating calls from several Clients against the reference service in a
 * child process, kills that process with SIGKILL mid-load, restarts it on the same database, and
 * checks afterwards, in the database and over HTTP, that every charge belongs to an outcome its
 * caller can reach and that every acknowledged write is there.
 */
import { hasExited, SERVICE_NODE_FLAGS } from "../../scripts/launcher";
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { demoCredentials } from "@/lib/demo/demo-credentials";

export interface CrashScenarioOptions {
  databaseUrl: string;
  dataDir: string;
  port: number;
  /** Sub-user Clients making billable calls, each one call at a time. */
  clients: number;
  kills: number;
  /** Load between two kills. */
  phaseMs: number;
  log?: (line: string) => void;
}

export interface CrashFigures {
  kills: number;
  callsSent: number;
  billableAnswered2xx: number;
  callsWithoutAnswer: number;
  chargesRecorded: number;
  chargesWithoutRetrievableOutcome: number;
  answeredButRefundedAfterCrash: number;
  keyedCallsReplayedAfterCrash: number;
  acknowledgedWrites: number;
  acknowledgedWritesMissing: number;
}

interface Call {
  client: number;
  kind: "translate" | "parts-job" | "redirect-session" | "cart-job" | "vehicle" | "rename";
  method: string;
  path: string;
  body?: unknown;
  idempotencyKey?: string;
  key: string;
  /** Filled in once answered. */
  status?: number;
  requestId?: string;
  answer?: Record<string, unknown>;
}

const RETURN_URL = "https://dealer.example/return";

class ServiceProcess {
  child: ChildProcess | undefined;
  url = "";
  constructor(private readonly opts: CrashScenarioOptions) {}

  async start() {
    const child = spawn(
      process.execPath,
      [...SERVICE_NODE_FLAGS, "--import", "tsx", "service/main.ts"],
      {
        env: {
          ...process.env,
          DATABASE_URL: this.opts.databaseUrl,
          SERVICE_DATA_DIR: this.opts.dataDir,
          SERVICE_PORT: String(this.opts.port),
          SERVICE_DEFAULT_RATE_LIMIT: "100000000/60",
          SERVICE_JOB_DURATION_MS: "1000",
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    this.child = child;
    let out = "";
    child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
    for (let i = 0; i < 600; i++) {
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        this.url = match[1]!;
        return;
      }
      if (hasExited(child)) throw new Error(`service exited: ${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`service did not start: ${out}`);
  }

  async kill(signal: NodeJS.Signals) {
    const child = this.child;
    if (!child || hasExited(child)) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill(signal);
    await exited;
  }
}

async function json(
  url: string,
  init: RequestInit & { key: string; idempotencyKey?: string },
): Promise<{ status: number; requestId: string | null; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { "X-Api-Key": init.key, Accept: "application/json" };
  if (init.body) headers["Content-Type"] = "application/json";
  if (init.idempotencyKey) headers["Idempotency-Key"] = init.idempotencyKey;
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  return {
    status: res.status,
    requestId: res.headers.get("x-request-id"),
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

export async function runCrashScenario(opts: CrashScenarioOptions): Promise<CrashFigures> {
  const log = opts.log ?? (() => {});
  mkdirSync(opts.dataDir, { recursive: true });
  const service = new ServiceProcess(opts);
  await service.start();
  const creds = demoCredentials.parse(
    JSON.parse(readFileSync(path.join(opts.dataDir, "demo-credentials.json"), "utf8")),
  );
  const master = creds.accounts.find((a) => a.id === "master-admin")!.apiKey;
  const db = new pg.Client({ connectionString: opts.databaseUrl });
  await db.connect();

  // Sub-users paying from a balance, and one the Master renames over and over.
  const clients: { id: string; key: string }[] = [];
  for (let i = 0; i < opts.clients + 1; i++) {
    const created = await json(`${service.url}/client/users`, {
      method: "POST",
      key: master,
      body: JSON.stringify({ name: `Crash client ${i}` }),
    });
    const apiKey = created.body.apiKey as { key: string };
    clients.push({ id: created.body.id as string, key: apiKey.key });
  }
  const renamed = clients.pop()!;
  await db.query("update clients set balance_minor = 1000000000 where id = any($1)", [
    clients.map((c) => c.id),
  ]);

  const calls: Call[] = [];
  let stopping = false;
  let serviceUp = true;

  const nextCall = (client: number, n: number): Call => {
    const key = clients[client]!.key;
    const tag = `${client}-${n}-${randomUUID().slice(0, 8)}`;
    switch (n % 5) {
      case 0:
        return {
          client,
          kind: "translate",
          method: "GET",
          path: "/translation/translations?sourceLanguage=de&text=Bremsscheibe",
          key,
        };
      case 1:
        return {
          client,
          kind: "parts-job",
          method: "GET",
          path: "/vin/WVWZZZ1KZ8W000202/parts",
          key,
        };
      case 2:
        return {
          client,
          kind: "redirect-session",
          method: "POST",
          path: "/vin/redirect-sessions",
          body: { vin: "WVWZZZ1KZ8W000001", returnUrl: RETURN_URL, state: tag },
          idempotencyKey: `session-${tag}`,
          key,
        };
      case 3:
        return {
          client,
          kind: "cart-job",
          method: "POST",
          path: "/vin/cart-check",
          body: { vin: "WVWZZZ1KZ8W000202", mode: "type", oeNumbers: [`1K0615301${n % 10}`] },
          idempotencyKey: `cart-${tag}`,
          key,
        };
      default:
        return {
          client,
          kind: "vehicle",
          method: "GET",
          path: "/vin/WVWZZZ1KZ8W000001/vehicle",
          key,
        };
    }
  };

  const send = async (call: Call) => {
    calls.push(call);
    try {
      const res = await json(service.url + call.path, {
        method: call.method,
        key: call.key,
        idempotencyKey: call.idempotencyKey,
        body: call.body ? JSON.stringify(call.body) : undefined,
      });
      call.status = res.status;
      call.requestId = res.requestId ?? undefined;
      call.answer = res.body;
    } catch {
      call.status = 0;
      while (!serviceUp && !stopping) await new Promise((r) => setTimeout(r, 20));
    }
  };

  const loops = clients.map(async (_, client) => {
    for (let n = 0; !stopping; n++) await send(nextCall(client, n));
  });
  loops.push(
    (async () => {
      for (let n = 0; !stopping; n++) {
        const name = `Renamed ${n}`;
        await send({
          client: -1,
          kind: "rename",
          method: "PATCH",
          path: `/client/users/${renamed.id}`,
          body: { name },
          idempotencyKey: `rename-${n}-${randomUUID().slice(0, 8)}`,
          key: master,
        });
      }
    })(),
  );

  for (let k = 0; k < opts.kills; k++) {
    await new Promise((r) => setTimeout(r, opts.phaseMs * (0.6 + Math.random() * 0.4)));
    serviceUp = false;
    await service.kill("SIGKILL");
    log(`kill ${k + 1}: SIGKILL after ${calls.length} calls`);
    await service.start();
    serviceUp = true;
  }
  await new Promise((r) => setTimeout(r, opts.phaseMs / 2));
  stopping = true;
  await Promise.all(loops);

  // Keyed calls that got no answer: the same key must give their outcome now.
  let keyedReplayed = 0;
  // (Renames are the Master's acknowledged writes checked below; replaying one would overwrite them.)
  for (const call of calls.filter(
    (c) => c.status === 0 && c.idempotencyKey && c.kind !== "rename",
  )) {
    const res = await json(service.url + call.path, {
      method: call.method,
      key: call.key,
      idempotencyKey: call.idempotencyKey,
      body: call.body ? JSON.stringify(call.body) : undefined,
    });
    if (res.status >= 200 && res.status < 300) keyedReplayed++;
  }

  // Acknowledged writes: each answered session page and job exists, the last acknowledged name holds.
  let acknowledged = 0;
  let missing = 0;
  for (const call of calls.filter((c) => c.status && c.status >= 200 && c.status < 300)) {
    if (call.kind === "redirect-session") {
      acknowledged++;
      const page = await fetch(call.answer!.redirectUrl as string);
      if (page.status !== 200) {
        missing++;
        log(
          `missing: redirect session ${call.requestId} answered ${call.status}, page ${page.status}`,
        );
      }
    } else if (call.status === 202) {
      acknowledged++;
      const poll = await json(call.answer!.statusUrl as string, { key: call.key });
      if (poll.status !== 200) {
        missing++;
        log(`missing: job ${call.answer!.jobId as string} (${call.kind}) polled ${poll.status}`);
      }
    }
  }
  const renames = calls.filter((c) => c.kind === "rename");
  const lastAcked = renames.map((c) => c.status === 200).lastIndexOf(true);
  if (lastAcked >= 0) {
    acknowledged++;
    const possible = renames.slice(lastAcked).map((c) => (c.body as { name: string }).name);
    const { rows } = await db.query<{ name: string }>("select name from clients where id = $1", [
      renamed.id,
    ]);
    if (!possible.includes(rows[0]!.name)) {
      missing++;
      log(`missing: rename; the name is ${rows[0]!.name}, acknowledged ${possible[0]}`);
    }
  }

  // Graceful stop: the last instance confirms what it delivered; the kills' leftovers were swept at each start.
  await service.kill("SIGTERM");

  const billable = calls.filter((c) => c.kind !== "rename");
  const answeredIds = billable
    .filter((c) => c.status && c.status >= 200 && c.status < 300 && c.requestId)
    .map((c) => c.requestId!);
  const clientIds = clients.map((c) => c.id);
  const { rows: charged } = await db.query<{ n: number }>(
    "select count(*)::int as n from usage_events where client_id = any($1) and status = 'charged'",
    [clientIds],
  );
  const { rows: orphans } = await db.query<{ n: number }>(
    `select count(*)::int as n from usage_events e
      where e.client_id = any($1) and e.status = 'charged'
        and not (e.request_id = any($2))
        and not exists (select 1 from idempotency_records r
                         where r.client_id = e.client_id and r.request_id = e.request_id
                           and r.result_available)`,
    [clientIds, answeredIds],
  );
  const { rows: refundedAnswered } = await db.query<{ n: number }>(
    `select count(*)::int as n from usage_events
      where client_id = any($1) and status = 'refunded' and request_id = any($2)`,
    [clientIds, answeredIds],
  );
  await db.end();

  return {
    kills: opts.kills,
    callsSent: calls.length,
    billableAnswered2xx: answeredIds.length,
    callsWithoutAnswer: calls.filter((c) => c.status === 0).length,
    chargesRecorded: charged[0]!.n,
    chargesWithoutRetrievableOutcome: orphans[0]!.n,
    answeredButRefundedAfterCrash: refundedAnswered[0]!.n,
    keyedCallsReplayedAfterCrash: keyedReplayed,
    acknowledgedWrites: acknowledged,
    acknowledgedWritesMissing: missing,
  };
}
