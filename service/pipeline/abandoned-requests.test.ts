import { expect, it } from "vitest";
import { type HandlerMap } from "@/service/context";
import { allHandlers } from "@/service/routes";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const BOUND_SECONDS = 3;
let stuck: Promise<void> = Promise.resolve();
let unstick: () => void = () => {};
let entered: () => void = () => {};

/** A rename that, for the name "stuck", hangs mid-request like an instance that stopped answering. */
const handlers: HandlerMap = {
  async updateClientUser(ctx) {
    if (ctx.input.body.name === "stuck") {
      entered();
      await stuck;
    }
    return allHandlers.updateClientUser!(ctx);
  },
};

const svc = serviceForThisFile({ handlers, abandonedRequestSeconds: BOUND_SECONDS });

it("a request stuck mid-way frees its Client and its Idempotency-Key after the configured bound, and Retry-After says when", async () => {
  stuck = new Promise((r) => (unstick = r));
  const arrived = new Promise<void>((r) => (entered = r));
  const rename = (name: string) =>
    http(svc.url, "PATCH", "/client/users/cl_demo_hamburg", {
      key: svc.keys["master-admin"],
      body: { name },
      idempotencyKey: "stuck-1",
    });
  const first = rename("stuck");
  try {
    await arrived;
    const stuckSince = performance.now();
    await new Promise((r) => setTimeout(r, 1_500));

    const again = await rename("stuck");
    const idleAtMost = (performance.now() - stuckSince) / 1000;
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("idempotency_request_in_progress");
    // Idle for at least 1.5 s of a 3 s bound, and at most until the answer came (PostgreSQL
    // counts from the request's last statement, a moment before the handler was entered): free
    // in the whole seconds that remain, 2 when the answer is prompt; neither the bound nor a
    // constant.
    const retryAfter = Number(again.headers.get("retry-after"));
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(BOUND_SECONDS - 1.5));
    expect(retryAfter).toBeGreaterThanOrEqual(
      Math.max(1, Math.ceil(BOUND_SECONDS - idleAtMost - 0.25)),
    );
    const other = await http(svc.url, "GET", "/client/credits", {
      key: svc.keys["master-admin"],
    });
    expect(other.status).toBe(429);
    expect(other.body.error).toBe("client_request_in_progress");
    expect(Number(other.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);

    await new Promise((r) => setTimeout(r, 2_000));
  } finally {
    // Also when an expectation above failed: a request left hanging would keep the service
    // from stopping after the file.
    unstick();
  }
  // PostgreSQL ended the stuck request: when it wakes, its connection is gone and nothing of it
  // was kept (had it finished, the same key would now replay it).
  expect((await first).status).toBe(500);
  const fresh = await rename("stuck");
  expect(fresh.status).toBe(200);
  expect(fresh.headers.get("x-service-idempotent-replay")).toBeNull();
}, 30_000);
