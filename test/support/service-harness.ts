import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { type DemoAccount } from "@/lib/demo/demo-credentials";
import { externalPostgres } from "@/lib/db/postgres-server";
import { type TrustedProxies } from "@/lib/net/client-address";
import { createLogger } from "@/lib/log/logger";
import { type HandlerMap } from "@/service/context";
import { allHandlers } from "@/service/routes";
import { type SandboxControlsMode } from "@/service/sandbox/controls-scope";
import { startService, type RunningService } from "@/service/server";

/** A clock tests can move forward (billing periods, 24-hour retention, expiry). */
export class TestClock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface TestService {
  url: string;
  service: RunningService;
  keys: Record<DemoAccount["id"], string>;
  clock: TestClock;
  logs: string[];
  databaseUrl: string;
  /** The sandbox controls' operator token of every instance of this test service. */
  sandboxToken: string;
  /**
   * A second instance on the same database (for rules that must hold across instances),
   * optionally behind other trusted proxies.
   */
  startSibling(
    handlers?: HandlerMap,
    options?: { trustedProxies?: TrustedProxies },
  ): Promise<RunningService>;
  stop(): Promise<void>;
}

/** A real service on a random port with a fresh, seeded database of its own. */
export async function startTestService(
  opts: {
    handlers?: HandlerMap;
    defaultRateLimit?: { maxRequests: number; windowSeconds: number };
    jobDurationMs?: number;
    abandonedRequestSeconds?: number;
    /** Which keys the sandbox controls serve; tests default to every key, as the quickstart does. */
    sandboxControls?: SandboxControlsMode;
    /** The address the service is reached at, when a front (a proxy) stands before it. */
    publicUrl?: string;
    /** The proxies whose `X-Forwarded-For` names the client (`TRUSTED_PROXIES`); default none. */
    trustedProxies?: TrustedProxies;
    /** No operator token given: the service makes one in its data directory, or reads it there. */
    keptSandboxToken?: boolean;
  } = {},
): Promise<TestService> {
  const server = externalPostgres(inject("pgServerUrl"));
  const dbName = `t_${randomBytes(6).toString("hex")}`;
  const databaseUrl = await server.ensureDatabase(dbName);
  const dataDir = mkdtempSync(path.join(tmpdir(), "vpmi-svc-"));
  const clock = new TestClock();
  const logs: string[] = [];
  const log = createLogger("service", "debug", (line) => logs.push(line));
  const handlers = opts.handlers ? { ...allHandlers, ...opts.handlers } : undefined;
  const siblings: RunningService[] = [];
  const sandboxToken = `sbx_op_test_${randomBytes(18).toString("hex")}`;
  const start = (seed: boolean, h = handlers, trustedProxies = opts.trustedProxies) =>
    startService({
      port: 0,
      dataDir,
      databaseUrl,
      log,
      seed,
      now: clock.now,
      defaultRateLimit: opts.defaultRateLimit,
      sandboxToken: opts.keptSandboxToken ? undefined : sandboxToken,
      jobDurationMs: opts.jobDurationMs,
      abandonedRequestSeconds: opts.abandonedRequestSeconds,
      sandboxControls: opts.sandboxControls ?? "all",
      publicUrl: opts.publicUrl,
      trustedProxies,
      handlers: h,
    });
  const service = await start(true);
  const keys = Object.fromEntries(
    service.demo!.accounts.map((a) => [a.id, a.apiKey]),
  ) as TestService["keys"];
  return {
    url: service.url,
    service,
    keys,
    clock,
    logs,
    databaseUrl,
    sandboxToken: service.context.config.sandboxToken,
    async startSibling(h, options) {
      const sibling = await start(
        false,
        h ? { ...allHandlers, ...h } : handlers,
        options?.trustedProxies ?? opts.trustedProxies,
      );
      siblings.push(sibling);
      return sibling;
    },
    async stop() {
      for (const s of siblings) await s.stop();
      await service.stop();
      await server.dropDatabase(dbName);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Plain HTTP against the service, the way any integration would call it. */
export async function http<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  opts: {
    key?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    idempotencyKey?: string;
  } = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { Accept: "application/json", ...opts.headers };
  if (opts.key) headers["X-Api-Key"] = opts.key;
  if (opts.idempotencyKey) headers["Idempotency-Key"] = opts.idempotencyKey;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["Content-Type"] ??= "application/json";
  }
  const response = await fetch(base + path, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/**
 * The test file's own service: started before its tests, stopped after them. The value stands
 * for the running service once `beforeAll` has run.
 */
export function serviceForThisFile(opts: Parameters<typeof startTestService>[0] = {}): TestService {
  let started: TestService | undefined;
  beforeAll(async () => {
    started = await startTestService(opts);
  });
  afterAll(async () => {
    await started?.stop();
  });
  return new Proxy({} as TestService, {
    get(_, property) {
      if (!started) throw new Error("The test service starts in beforeAll; use it inside tests.");
      return Reflect.get(started, property);
    },
  });
}
