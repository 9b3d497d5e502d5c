import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { type APIRequestContext } from "@playwright/test";
import { Agent, fetch as undiciFetch } from "undici";
import { waitOutBusyClient } from "../support/busy-client";
import { signInWithKey } from "../support/limited-key";
import { expect, test, uniqueName } from "../support/test";
import { sampleValue } from "@/test/support/exposition";
import { FAILURES_PER_LOGIN_AND_SOURCE } from "@/service/domain/sign-in-throttle";
import {
  CLUSTER,
  clusterKeys,
  clusterLogLines,
  clusterPilotSignIn,
  clusterState,
  nginxConnectionsTo,
  nginxWorkers,
  queryCluster,
} from "./cluster-topology";

/**
 * Two console and two service instances behind nginx on one PostgreSQL, with no sticky
 * sessions: every request may land on either instance of its program.
 */
test.describe.configure({ mode: "serial" });

const instancesOf = (kind: "console" | "service") =>
  clusterState().instances.filter((i) => i.kind === kind);

/** The sum of one sample over every instance of a program, scraped directly. */
async function summed(
  request: APIRequestContext,
  kind: "console" | "service",
  name: string,
  labels: Record<string, string>,
) {
  let total = 0;
  for (const i of instancesOf(kind)) {
    const text = await (await request.get(`http://127.0.0.1:${i.port}/metrics`)).text();
    total += sampleValue(text, name, labels);
  }
  return total;
}

/**
 * A JSON post from a loopback address of the test's choosing (the socket bound there), as
 * another caller on another machine would send it. Resolves to the answer's status.
 */
function postFrom(
  url: string,
  from: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: "POST",
        localAddress: from,
        agent: false,
        headers: { "Content-Type": "application/json", ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

const translate = (request: APIRequestContext, key: string) =>
  request.get(`${CLUSTER.service}/translation/translations?sourceLanguage=de&text=Bremsscheibe`, {
    headers: { "X-Api-Key": key },
  });

test("every instance is ready; nginx compresses the console's pages and keeps metrics to the instances", async ({
  request,
}) => {
  expect(instancesOf("console")).toHaveLength(2);
  expect(instancesOf("service")).toHaveLength(2);
  for (const i of clusterState().instances) {
    const ready = await request.get(`http://127.0.0.1:${i.port}/readyz`);
    expect(ready.status(), `${i.kind} on ${i.port}`).toBe(200);
  }
  // nginx compresses the console's pages; the instances behind it (CONSOLE_COMPRESS=off) do not.
  const gzip = { headers: { "accept-encoding": "gzip" } };
  const front = await fetch(`${CLUSTER.console}/sign-in`, gzip);
  expect(front.headers.get("content-encoding")).toBe("gzip");
  expect(await front.text()).toContain("<html");
  for (const i of instancesOf("console")) {
    const direct = await fetch(`http://127.0.0.1:${i.port}/sign-in`, gzip);
    expect(direct.headers.get("content-encoding"), `console on ${i.port}`).toBeNull();
  }
  expect((await request.get(`${CLUSTER.console}/metrics`)).status()).toBe(404);
  expect((await request.get(`${CLUSTER.service}/metrics`)).status()).toBe(404);
});

test("nginx keeps its connections to the service instances open between calls, and lets them go after 2 s idle", async () => {
  const servicePorts = instancesOf("service").map((i) => i.port);
  const key = clusterKeys()["master-admin"]!;
  for (let i = 0; i < 10; i++) {
    const ping = await waitOutBusyClient(() =>
      fetch(`${CLUSTER.service}/ping`, { headers: { "X-Api-Key": key } }),
    );
    expect(ping.status).toBe(200);
  }
  // Ten calls one after another: a connection each would all be closed by now.
  const open = nginxConnectionsTo(servicePorts);
  expect(open).toBeGreaterThan(0);
  expect(open).toBeLessThan(10);
  // (The consoles' usage readings call every 3 s: each connection they use is let go 2 s later.)
  await expect
    .poll(() => nginxConnectionsTo(servicePorts), { timeout: 8_000, intervals: [100] })
    .toBe(0);
});

test("scheduled usage readings run once across the console instances", async ({
  page,
  request,
}) => {
  await signInWithKey(page, clusterKeys()["beneficiary"]!);
  const calls = () =>
    summed(request, "console", "console_service_calls_total", {
      operation: "getClientUsage",
      status: "200",
      error: "none",
    });
  const before = await calls();
  const seconds = 12;
  await page.waitForTimeout(seconds * 1000);
  const taken = (await calls()) - before;
  // Every 3 s, once: about 4 rounds in 12 s (one per instance would be about 8).
  expect(taken).toBeGreaterThanOrEqual(seconds / 3 - 1);
  expect(taken).toBeLessThanOrEqual(seconds / 3 + 1);
  const claims = await queryCluster<{ claimed_by: string }>(
    "console",
    "SELECT claimed_by FROM console_scheduled_rounds WHERE job = 'usage-readings'",
  );
  expect(claims.length).toBeGreaterThanOrEqual(seconds / 3 - 1);
});

test("a Sub-user created is found by the next search whichever instance answers; a deactivated Sub-user, a changed rate limit and signing out act at once everywhere", async ({
  page,
  context,
  request,
}) => {
  const master = clusterKeys()["master-admin"]!;
  await signInWithKey(page, master);
  const name = uniqueName("Cluster");
  await page.goto("/sub-users");
  // Both console instances read the list now (the searches below would reuse it).
  const search = async () => {
    const res = await context.request.get(`/api/sub-users?q=${encodeURIComponent(name)}`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { items: { name: string }[] }).items.map((i) => i.name);
  };
  for (let n = 0; n < 4; n++) expect(await search()).toEqual([]);
  await page.getByRole("button", { name: "New Sub-user" }).click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Create Sub-user" }).click();
  const shown = page.getByTestId("new-api-key");
  await expect(shown).toBeVisible();
  const key = await shown.inputValue();
  for (let n = 0; n < 4; n++) expect(await search()).toEqual([name]);
  const answered = await summed(request, "console", "console_requests_total", {
    route: "/api/sub-users",
    method: "GET",
    status: "200",
  });
  expect(answered).toBe(8);
  for (const i of instancesOf("console")) {
    const text = await (await request.get(`http://127.0.0.1:${i.port}/metrics`)).text();
    expect(
      sampleValue(text, "console_requests_total", {
        route: "/api/sub-users",
        method: "GET",
        status: "200",
      }),
      `console on ${i.port} answered searches too`,
    ).toBeGreaterThan(0);
  }

  // The new key works on both service instances; a rate limit of 1 call a minute holds on both.
  const id = (
    await queryCluster<{ id: string }>("service", "SELECT id FROM clients WHERE name = $1", [name])
  )[0]!.id;
  for (let n = 0; n < 2; n++)
    expect(
      (await request.get(`${CLUSTER.service}/ping`, { headers: { "X-Api-Key": key } })).status(),
    ).toBe(200);
  // The consoles' usage readings (every 3 s here) call with the Master's key too: a call made
  // while one is under way gets 429 client_request_in_progress, and is sent again as it says.
  const limited = await waitOutBusyClient(() =>
    fetch(`${CLUSTER.service}/client/users/${id}/rate-limits`, {
      method: "PUT",
      headers: { "X-Api-Key": master, "Content-Type": "application/json" },
      body: JSON.stringify({
        rateLimits: [{ endpointKey: "translation", maxRequests: 1, windowSeconds: 60 }],
      }),
    }),
  );
  expect(limited.status).toBe(200);
  expect((await translate(request, key)).status()).not.toBe(429);
  for (let n = 0; n < 3; n++) {
    const refused = await translate(request, key);
    expect(refused.status()).toBe(429);
    expect((await refused.json()).error).toBe("rate_limit_exceeded");
  }

  // Deactivated in the console: refused on the next call, whichever service instance answers.
  await page.goto(`/sub-users/${id}`);
  await page.getByRole("button", { name: "Deactivate…" }).click();
  await page
    .getByRole("dialog", { name: `Deactivate ${name}?` })
    .getByRole("button", { name: "Deactivate", exact: true })
    .click();
  await expect(page.getByText("deactivated", { exact: true })).toBeVisible();
  for (let n = 0; n < 4; n++) {
    const refused = await request.get(`${CLUSTER.service}/ping`, { headers: { "X-Api-Key": key } });
    expect(refused.status()).toBe(403);
  }

  // Signed out on one instance: the cookie is refused by both.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in\?reason=signed-out/);
  for (let n = 0; n < 4; n++) {
    const after = await context.request.get("/usage", { maxRedirects: 0 });
    expect(after.status()).toBe(307);
    expect(after.headers().location).toContain("/sign-in");
  }
});

test("Prometheus scrapes every instance, and its counters add up to the calls sent", async ({
  request,
}) => {
  const key = clusterKeys()["dealer"]!;
  const calls = 20;
  for (let n = 0; n < calls; n++)
    expect(
      (await request.get(`${CLUSTER.service}/ping`, { headers: { "X-Api-Key": key } })).status(),
    ).toBe(200);
  const direct = await summed(request, "service", "service_requests_total", {
    operation: "getSystemStatus",
    status: "200",
    error: "none",
  });
  const query = `sum(service_requests_total{operation="getSystemStatus",status="200"})`;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${CLUSTER.prometheus}/api/v1/query`, { params: { query } });
        const body = (await res.json()) as { data: { result: { value: [number, string] }[] } };
        return Number(body.data.result[0]?.value[1] ?? -1);
      },
      { timeout: 20_000 },
    )
    .toBe(direct);
  expect(direct).toBeGreaterThanOrEqual(calls);
  // Every instance, and the launcher that supervises them.
  const up = await request.get(`${CLUSTER.prometheus}/api/v1/query`, { params: { query: "up" } });
  const targets = (
    (await up.json()) as {
      data: { result: { metric: { job: string }; value: [number, string] }[] };
    }
  ).data.result;
  expect(targets.map((t) => t.metric.job).sort()).toEqual([
    "cluster",
    "console",
    "console",
    "service",
    "service",
  ]);
  expect(targets.map((t) => t.value[1])).toEqual(["1", "1", "1", "1", "1"]);
  const ready = await request.get(`${CLUSTER.prometheus}/api/v1/query`, {
    params: { query: "cluster_instance_up" },
  });
  const instances = ((await ready.json()) as { data: { result: { value: [number, string] }[] } })
    .data.result;
  expect(instances.map((t) => t.value[1])).toEqual(["1", "1", "1", "1"]);
});

test("a trace id the browser sends is in a console's and a service's log lines", async ({
  page,
}) => {
  await signInWithKey(page, clusterKeys()["sub-user"]!);
  const traceId = randomBytes(16).toString("hex");
  await page.setExtraHTTPHeaders({
    traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01`,
  });
  await page.goto("/usage");
  await expect(page.getByRole("heading", { level: 1, name: "Usage and credit" })).toBeVisible();
  await expect
    .poll(() =>
      clusterLogLines()
        .filter((l) => l.traceId === traceId)
        .map((l) => `${l.logger} ${l.msg}`),
    )
    .toEqual(expect.arrayContaining(["console request", "service request"]));
});

test("nginx names no version, and its workers run unprivileged with writable temp paths", async () => {
  for (const front of [CLUSTER.console, CLUSTER.service]) {
    // nginx's own error page, and a page it passes on.
    const own = await fetch(`${front}/metrics`);
    expect(own.status).toBe(404);
    expect(own.headers.get("server"), front).toBe("nginx");
    expect(await own.text()).not.toMatch(/nginx\/\d/);
    const passed = await fetch(`${front}/healthz`);
    expect(passed.headers.get("server"), front).toBe("nginx");
  }
  const workers = nginxWorkers();
  expect(workers.length).toBeGreaterThan(0);
  for (const worker of workers) expect(worker.uids, `worker ${worker.pid}`).not.toContain(0);
  // A body larger than nginx keeps in memory goes through a temp file the workers write: the
  // console answers it, and nginx does not fail it for want of a writable temp path.
  const big = await fetch(`${CLUSTER.console}/sign-in`, {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: "x".repeat(256 * 1024),
  });
  expect(big.status).toBeLessThan(500);
});

test("30 wrong pilot passwords through nginx from one caller leave the pilot's sign-in open to another caller", async () => {
  const pilot = clusterPilotSignIn();
  const signIn = `${CLUSTER.service}/pilot/sign-in`;
  const answers: number[] = [];
  for (let i = 0; i < 30; i++)
    answers.push(
      await postFrom(signIn, "127.0.0.2", { login: pilot.login, password: `wrong-${i}` }),
    );
  expect(answers.filter((s) => s === 401)).toHaveLength(FAILURES_PER_LOGIN_AND_SOURCE);
  expect(answers.filter((s) => s === 429)).toHaveLength(30 - FAILURES_PER_LOGIN_AND_SOURCE);
  // nginx replaces the header: the caller cannot claim to be someone else and start afresh.
  expect(await postFrom(signIn, "127.0.0.2", pilot, { "X-Forwarded-For": "127.0.0.9" })).toBe(429);
  expect(await postFrom(signIn, "127.0.0.3", pilot)).toBe(200);
  // Each caller was counted as itself, not as nginx.
  const sources = await queryCluster<{ source: string }>(
    "service",
    "SELECT DISTINCT source FROM sign_in_attempts WHERE surface = 'pilot_sign_in'",
  );
  expect(sources.map((s) => s.source).sort()).toEqual(["127.0.0.2", "127.0.0.3"]);
});

test("behind nginx the console counts each caller: one caller's wrong passwords leave the address open to another", async ({
  page,
}) => {
  const email = `${uniqueName("cluster-guess", "-")}@northwind.example`;
  await page.goto(`${CLUSTER.console}/sign-in`);
  await page.getByText("Sign in with a password and a code instead").click();
  const form = page.getByRole("form", { name: "Sign in as yourself" });
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Password").fill("a wrong password for sure");
  await form.getByLabel("Code from your authenticator app").fill("123456");
  const posted = page.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]);
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
  const action = await posted;
  const headers = Object.fromEntries(
    Object.entries(await action.allHeaders()).filter(
      ([n]) => !["content-length", "host", "cookie", "connection"].includes(n),
    ),
  );
  const from = async (address: string, extra: Record<string, string> = {}) => {
    const caller = new Agent({ localAddress: address });
    const res = await undiciFetch(action.url(), {
      method: "POST",
      headers: { ...headers, ...extra },
      body: action.postData() ?? "",
      dispatcher: caller,
      redirect: "manual",
    });
    const text = await res.text();
    await caller.close();
    return text.includes("Too many sign-in attempts") ? "wait" : "checked";
  };
  const answers: string[] = [];
  for (let i = 0; i < 8; i++) answers.push(await from("127.0.0.2"));
  expect(answers).toEqual([...Array<string>(5).fill("checked"), ...Array<string>(3).fill("wait")]);
  // nginx replaces the header: the caller cannot claim to be someone else and start afresh.
  expect(await from("127.0.0.2", { "X-Forwarded-For": "127.0.0.9" })).toBe("wait");
  expect(await from("127.0.0.3")).toBe("checked");
  const sources = await queryCluster<{ source: string }>(
    "console",
    "SELECT DISTINCT source FROM console_sign_in_attempts",
  );
  expect(sources.map((s) => s.source)).toEqual(expect.arrayContaining(["127.0.0.2", "127.0.0.3"]));
  expect(sources.map((s) => s.source)).not.toContain("127.0.0.9");
});

test("the sandbox controls serve sandbox keys only: a production Master key is refused, a sandbox key works", async () => {
  const keys = clusterKeys();
  const index = await fetch(`${CLUSTER.service}/_sandbox`);
  expect(((await index.json()) as { keys: string }).keys).toBe("sandbox");
  const refused = await fetch(`${CLUSTER.service}/_sandbox/clock`, {
    headers: { "X-Api-Key": keys["master-admin"]! },
  });
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toBe("sandbox_controls_forbidden");
  const served = await fetch(`${CLUSTER.service}/_sandbox/clock`, {
    headers: { "X-Api-Key": keys.sandbox! },
  });
  expect(served.status).toBe(200);
});

test("a rolling restart of every instance under steady load fails no request and charges each answer once", async ({
  page,
  context,
  request,
}) => {
  const keys = clusterKeys();
  await signInWithKey(page, keys["master-admin"]!);
  const since = new Date();
  const restartsBefore = clusterState().restarts;
  process.kill(clusterState().pid, "SIGUSR2");

  const failures: string[] = [];
  const answered = new Map<string, number>();
  let restarting = true;
  // Billable calls, one sequence per Client (one active request per Client: Clients nobody is
  // signed in as, whose usage the console's schedule does not read meanwhile), and page views.
  const caller = async (account: string) => {
    const key = keys[account]!;
    while (restarting) {
      const res = await translate(request, key).catch((e: Error) => e);
      if (res instanceof Error) failures.push(`${account}: ${res.message}`);
      else if (res.status() !== 200)
        failures.push(`${account}: ${res.status()} ${await res.text()}`);
      else answered.set(account, (answered.get(account) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const viewer = async () => {
    let n = 0;
    while (restarting) {
      const path = ["/usage", "/sub-users", "/", "/requests"][n++ % 4]!;
      const res = await context.request.get(path, { maxRedirects: 0 }).catch((e: Error) => e);
      if (res instanceof Error) failures.push(`${path}: ${res.message}`);
      else if (res.status() !== 200) failures.push(`${path}: ${res.status()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  // Each instance, told to stop, first says it drains (its /readyz 503), then stops.
  const drained = new Set<number>();
  const prober = async () => {
    const ports = clusterState().instances.map((i) => i.port);
    while (restarting) {
      for (const port of ports) {
        // A connection per probe, as load balancers' probes do: one kept alive would hold a
        // stopping console until its launcher's bound.
        const res = await request
          .get(`http://127.0.0.1:${port}/readyz`, {
            timeout: 1_000,
            headers: { Connection: "close" },
          })
          .catch(() => undefined);
        if (res?.status() === 503 && (await res.json()).checks?.draining === true)
          drained.add(port);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const watcher = async () => {
    const deadline = Date.now() + 150_000;
    while (clusterState().restarts === restartsBefore && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 500));
    restarting = false;
  };
  await Promise.all([
    caller("pilot-production"),
    caller("pilot-sandbox"),
    viewer(),
    prober(),
    watcher(),
  ]);

  expect(clusterState().restarts, "the rolling restart finished").toBe(restartsBefore + 1);
  expect(failures).toEqual([]);
  expect([...drained].sort()).toEqual(
    clusterState()
      .instances.map((i) => i.port)
      .sort(),
  );
  // Each answer was charged once: the Clients' charged usage events equal their 200s.
  for (const account of ["pilot-production", "pilot-sandbox"]) {
    const [row] = await queryCluster<{ n: string }>(
      "service",
      `SELECT count(*)::text AS n FROM usage_events e JOIN api_keys k ON k.id = e.api_key_id
        WHERE e.status = 'charged' AND e.operation_id = 'translatePartName' AND e.created_at >= $1
          AND k.key_hash = encode(sha256(convert_to($2, 'UTF8')), 'hex')`,
      [since, keys[account]],
    );
    expect(Number(row!.n), account).toBe(answered.get(account));
    expect(answered.get(account) ?? 0).toBeGreaterThan(20);
  }
});
