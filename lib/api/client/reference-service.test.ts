import { beforeAll, describe, expect, it } from "vitest";
import { type HandlerMap } from "@/service/context";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import { ServiceError } from "./errors";
import { bindApi, type CallRecord, ServiceTransport } from "./service-client";

let release!: () => void;
let arrived!: () => void;
let held: Promise<void>;
let entered: Promise<void>;
const handlers: HandlerMap = {
  async getClientUsage({ caller }) {
    arrived();
    await held;
    return {
      status: 200,
      data: {
        clientId: caller.client.id,
        period: { start: "2026-11-01T00:00:00.000Z", end: "2026-12-01T00:00:00.000Z" },
        plans: [],
        endpoints: [],
      },
    };
  },
};

const svc = serviceForThisFile({ handlers });
let transport: ServiceTransport;
beforeAll(() => {
  transport = new ServiceTransport({ baseUrl: svc.url, retry: { maxAttempts: 4 } });
});

describe("the client against the reference service", () => {
  it("reports every call's outcome for the request log, without bodies", async () => {
    const records: CallRecord[] = [];
    const api = bindApi(transport, svc.keys["master-admin"], undefined, (r) => {
      records.push(r);
    });
    await api.getClientCredits();
    await expect(api.getOePart({ params: { oeNumber: "ZZZ99999" } })).rejects.toBeInstanceOf(
      ServiceError,
    );
    await api.getOePart({ params: { oeNumber: "1K0615301AA" } });
    expect(records.map(({ durationMs: _d, ...r }) => r)).toEqual([
      {
        operationId: "getClientCredits",
        status: 200,
        errorCode: null,
        billingSource: null,
        replayed: false,
      },
      {
        operationId: "getOePart",
        status: 404,
        errorCode: "oe_part_not_found",
        billingSource: null,
        replayed: false,
      },
      {
        operationId: "getOePart",
        status: 200,
        errorCode: null,
        billingSource: "plan",
        replayed: false,
      },
    ]);
    for (const r of records) expect(r.durationMs).toBeGreaterThanOrEqual(0);
    expect(Object.keys(records[0]!).sort()).toEqual([
      "billingSource",
      "durationMs",
      "errorCode",
      "operationId",
      "replayed",
      "status",
    ]);
  });

  it("creates, lists and updates Sub-users with typed results", async () => {
    const api = bindApi(transport, svc.keys["master-admin"]);
    const created = await api.createClientUser({ body: { name: "Client test" } });
    expect(created.data.apiKey.key).toMatch(/^svc_live_/);
    const list = await api.listClientUsers();
    expect(list.data.clientUsers.map((u) => u.id)).toContain(created.data.id);
    const first = await api.updateClientUser(
      { params: { clientId: created.data.id }, body: { name: "Renamed" } },
      { idempotencyKey: "client-test-1" },
    );
    expect(first.metadata).toMatchObject({ idempotentReplay: false, idempotencyStored: true });
    const again = await api.updateClientUser(
      { params: { clientId: created.data.id }, body: { name: "Renamed" } },
      { idempotencyKey: "client-test-1" },
    );
    expect(again.metadata.idempotentReplay).toBe(true);
    expect(again.data).toEqual(first.data);
  });

  it("surfaces documented errors by code", async () => {
    const api = bindApi(transport, svc.keys["master-admin"]);
    const error = (await api
      .updateClientUser({ params: { clientId: "cl_nobody" }, body: { name: "x" } })
      .catch((e: unknown) => e)) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.code).toBe("client_user_not_found");
    const sub = bindApi(transport, svc.keys["sub-user"]);
    await expect(sub.listClientUsers()).rejects.toMatchObject({
      code: "master_client_required",
      status: 403,
    });
  });

  it("returns billing metadata of billable calls", async () => {
    const res = await bindApi(transport, svc.keys.sandbox).translatePartName({
      query: { sourceLanguage: "de", text: "Ölfilter" },
    });
    expect(res.data.en).toBe("Oil filter");
    expect(res.metadata.billingSource).toBe("sandbox");
  });

  it("waits out a request of the same Client made elsewhere (429 client_request_in_progress)", async () => {
    held = new Promise((r) => (release = r));
    entered = new Promise((r) => (arrived = r));
    const elsewhere = http(svc.url, "GET", "/client/usage", { key: svc.keys.beneficiary });
    await entered;
    setTimeout(() => release(), 300);
    const started = Date.now();
    const res = await bindApi(transport, svc.keys.beneficiary).getClientCredits();
    expect(res.data.clientId).toBe("cl_demo_sonnenschein");
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect((await elsewhere).status).toBe(200);
  });
});
