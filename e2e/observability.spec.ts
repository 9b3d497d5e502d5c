import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "./support/test";
import { signInAsDemo, MASTER } from "./support/auth";
import { CONSOLE_LOG_FILE, SERVICE_PORT } from "./support/ports";
import { parseExposition, sampleValue } from "@/test/support/exposition";

const SERVICE = `http://127.0.0.1:${SERVICE_PORT}`;

/** The JSON lines of the first console's log (console and embedded service) that name `text`. */
function logLinesWith(text: string): Record<string, unknown>[] {
  return readFileSync(CONSOLE_LOG_FILE, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes(text))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

test("both programs answer health and readiness probes without a session or a key", async ({
  request,
}) => {
  for (const base of ["", SERVICE]) {
    const health = await request.get(`${base}/healthz`);
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await request.get(`${base}/readyz`);
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "current", draining: false },
    });
  }
});

test("the console's metrics count its pages by route pattern and its calls to the service", async ({
  page,
  request,
}) => {
  await signInAsDemo(page, MASTER);
  await page.goto("/sub-users");
  await expect(page.getByRole("heading", { level: 1, name: "Sub-users" })).toBeVisible();
  await page.getByTestId("sub-user-row").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/sub-users\/cl_/);
  const text = await (await request.get("/metrics")).text();
  const ok = { status: "200", error: "none" };
  expect(
    sampleValue(text, "console_requests_total", {
      route: "/sub-users/[clientId]",
      method: "GET",
      status: "200",
    }),
  ).toBeGreaterThanOrEqual(1);
  expect(
    sampleValue(text, "console_service_calls_total", { operation: "listClientUsers", ...ok }),
  ).toBeGreaterThanOrEqual(1);
  expect(
    sampleValue(text, "console_service_call_duration_seconds_count", {
      operation: "listClientUsers",
    }),
  ).toBeGreaterThanOrEqual(1);
  // A route's values (a Client's id) never become labels.
  expect(parseExposition(text).some((s) => s.labels.route?.includes("cl_"))).toBe(false);
  const service = await (await request.get(`${SERVICE}/metrics`)).text();
  expect(
    sampleValue(service, "service_requests_total", { operation: "listClientUsers", ...ok }),
  ).toBeGreaterThanOrEqual(1);
});

test("a trace id the browser sends is in the console's and the service's log lines for that page", async ({
  page,
}) => {
  await signInAsDemo(page, MASTER);
  const traceId = randomBytes(16).toString("hex");
  await page.setExtraHTTPHeaders({
    traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01`,
  });
  await page.goto("/usage");
  await expect(page.getByRole("heading", { level: 1, name: "Usage and credit" })).toBeVisible();
  await expect
    .poll(() =>
      logLinesWith(traceId).map((l) => `${l.logger} ${l.msg} ${l.route ?? l.operationId}`),
    )
    .toEqual(
      expect.arrayContaining([
        "console request /usage",
        expect.stringMatching(/^service request \w+/),
      ]),
    );
});
