import { describe, expect, it } from "vitest";
import { type HandlerMap } from "@/service/context";
import { type RunningService } from "@/service/server";
import {
  balanceOf as balanceOfClient,
  payingSubUser as paying,
} from "@/test/support/paying-sub-user";
import { http, serviceForThisFile } from "@/test/support/service-harness";

/** `PATCH /client/users/{id}` with the name "slow" waits until the test lets it go. */
let letGo: () => void = () => undefined;
let arrived: () => void = () => undefined;
const handlers: HandlerMap = {
  async updateClientUser({ caller, input }) {
    if (input.body.name === "slow") {
      arrived();
      await new Promise<void>((resolve) => (letGo = resolve));
    }
    return {
      status: 200,
      data: { id: input.params.clientId, name: input.body.name ?? caller.client.name },
    };
  },
};
const svc = serviceForThisFile({ handlers });
const admin = () => svc.keys["master-admin"];

const payingSubUser = () => paying(svc, { name: "Retrying payer" });

const balanceOf = (clientId: string) => balanceOfClient(svc, clientId);

let sibling: RunningService | undefined;
/** Two instances on one database, taking turns. */
async function bases() {
  sibling ??= await svc.startSibling(handlers);
  return [svc.url, sibling.url];
}

describe("retries of a request that has answered", () => {
  it("all replay, however many arrive at once on two instances (a body)", async () => {
    const payer = await payingSubUser();
    const body = { vin: "WVWZZZ1KZAW000005", returnUrl: "https://dealer.example/callback" };
    const send = (base: string) =>
      http(base, "POST", "/vin/redirect-sessions", {
        key: payer.key,
        body,
        idempotencyKey: "parallel-retry-1",
      });
    const first = await send(svc.url);
    expect(first.status).toBe(200);
    const charged = 10_000 - (await balanceOf(payer.id));
    expect(charged).toBeGreaterThan(0);
    const [a, b] = await bases();
    for (let round = 0; round < 3; round++) {
      const retries = await Promise.all(
        Array.from({ length: 20 }, (_, i) => send(i % 2 ? a! : b!)),
      );
      expect(retries.map((r) => r.status)).toEqual(Array(20).fill(200));
      for (const r of retries) {
        expect(r.headers.get("x-service-idempotent-replay")).toBe("true");
        expect(r.headers.get("x-service-billing-source")).toBe("idempotent_replay");
        expect(r.body).toEqual(first.body);
      }
    }
    expect(10_000 - (await balanceOf(payer.id))).toBe(charged);
  });

  it("all replay without a body too (an operation whose admission takes the lock)", async () => {
    const lab = svc.keys["pilot-sandbox"];
    const path = "/parts/intelligence?oeNumber=1J0%20698%20151";
    const first = await http(svc.url, "GET", path, { key: lab, idempotencyKey: "bodiless-retry" });
    expect(first.status).toBe(200);
    const [a, b] = await bases();
    const retries = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        http(i % 2 ? a! : b!, "GET", path, { key: lab, idempotencyKey: "bodiless-retry" }),
      ),
    );
    expect(retries.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(retries.every((r) => r.headers.get("x-service-idempotent-replay") === "true")).toBe(
      true,
    );
  });

  it("replay while another request keeps the Client busy; a key still running gets 409", async () => {
    const done = await http(svc.url, "PATCH", "/client/users/cl_demo_berlin", {
      key: admin(),
      body: { name: "Workshop Berlin" },
      idempotencyKey: "finished-rename",
    });
    expect(done.status).toBe(200);
    const entered = new Promise<void>((resolve) => (arrived = resolve));
    const slow = http(svc.url, "PATCH", "/client/users/cl_demo_hamburg", {
      key: admin(),
      body: { name: "slow" },
      idempotencyKey: "running-rename",
    });
    await entered;
    try {
      const [a, b] = await bases();
      const [replay, running, other] = await Promise.all([
        http(b!, "PATCH", "/client/users/cl_demo_berlin", {
          key: admin(),
          body: { name: "Workshop Berlin" },
          idempotencyKey: "finished-rename",
        }),
        http(a!, "PATCH", "/client/users/cl_demo_hamburg", {
          key: admin(),
          body: { name: "slow" },
          idempotencyKey: "running-rename",
        }),
        http(a!, "GET", "/client/credits", { key: admin() }),
      ]);
      expect(replay.status).toBe(200);
      expect(replay.headers.get("x-service-idempotent-replay")).toBe("true");
      expect(running.status).toBe(409);
      expect(running.body.error).toBe("idempotency_request_in_progress");
      expect(other.status).toBe(429);
      expect(other.body.error).toBe("client_request_in_progress");
      // The finished key with other input is a conflict, busy Client or not.
      const conflict = await http(b!, "PATCH", "/client/users/cl_demo_berlin", {
        key: admin(),
        body: { name: "Another name" },
        idempotencyKey: "finished-rename",
      });
      expect(conflict.status).toBe(409);
      expect(conflict.body.error).toBe("idempotency_key_conflict");
    } finally {
      letGo();
    }
    expect((await slow).status).toBe(200);
  });
});
