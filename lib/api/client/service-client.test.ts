import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startScriptedServer } from "@/test/support/scripted-server";
import {
  ContractViolationError,
  InvalidInputError,
  JobPollTimeoutError,
  JobQuarantinedError,
  OutcomeUnknownError,
  ServiceError,
  ServiceUnreachableError,
} from "./errors";
import { pollJob, resolveStatusUrl } from "./poll-job";
import { KeyQueue } from "./key-queue";
import { bindApi, ServiceTransport } from "./service-client";

let server: Awaited<ReturnType<typeof startScriptedServer>>;
let sleeps: number[];
let transport: ServiceTransport;
const KEY = "svc_live_" + "k".repeat(32);

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  sleeps = [];
  transport = new ServiceTransport({
    baseUrl: server.url,
    timeoutMs: 500,
    random: () => 1,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
});

const ok = (body: unknown, headers: Record<string, string> = {}) => ({
  status: 200,
  body,
  headers,
});
const fail = (status: number, error: string, headers: Record<string, string> = {}) => ({
  status,
  body: { error, message: `text that callers must not branch on (${error})` },
  headers,
});
const user = { id: "cl_1", name: "A" };

describe("request headers", () => {
  it("sends X-Api-Key and Accept, and no Idempotency-Key where the operation does not declare one", async () => {
    server.script("GET /ping", ok({ status: "ok", service: "s" }));
    await bindApi(transport, KEY).getSystemStatus();
    const [req] = server.requests;
    expect(req!.headers["x-api-key"]).toBe(KEY);
    expect(req!.headers.accept).toBe("application/json");
    expect(req!.headers["idempotency-key"]).toBeUndefined();
  });

  it("generates one Idempotency-Key per logical action and reuses it on every retry", async () => {
    server.script(
      "PATCH /client/users/cl_1",
      fail(503, "service_unavailable"),
      fail(503, "service_unavailable"),
      ok(user),
    );
    const res = await bindApi(transport, KEY).updateClientUser({
      params: { clientId: "cl_1" },
      body: { name: "A" },
    });
    const keys = server.requests.map((r) => r.headers["idempotency-key"]);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.idempotencyKey).toBe(keys[0]);
  });

  it("uses the caller's key for an action resubmitted by a person", async () => {
    server.script("PATCH /client/users/cl_1", ok(user));
    await bindApi(transport, KEY).updateClientUser(
      { params: { clientId: "cl_1" }, body: { name: "A" } },
      { idempotencyKey: "form-123" },
    );
    expect(server.requests[0]!.headers["idempotency-key"]).toBe("form-123");
  });

  it("sends no Idempotency-Key with a sensitive-data vehicle document, which refuses one", async () => {
    const answer = { schemaVersion: "1.0", document: {}, vehicle: {}, equipment: [] };
    const body = { ...answer, sensitiveData: null, warnings: [] };
    server.script("POST /scanner/document/vehicle", ok(body), ok(body));
    const api = bindApi(transport, KEY);
    const fileUrl = "https://files.example/coc.pdf";
    await api.extractVehicleDocument({ body: { fileUrl, includeSensitiveData: true } });
    await api.extractVehicleDocument({ body: { fileUrl } });
    expect(server.requests[0]!.headers["idempotency-key"]).toBeUndefined();
    expect(server.requests[1]!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses invalid input before sending anything", async () => {
    await expect(
      bindApi(transport, KEY).createClientUser({ body: { name: "" } }),
    ).rejects.toBeInstanceOf(InvalidInputError);
    expect(server.requests).toHaveLength(0);
  });
});

describe("responses", () => {
  it("parses success with the contract and returns typed metadata", async () => {
    server.script(
      "GET /translation/translations",
      ok(
        { en: "Brake disc", fr: "f", es: "e", it: "i" },
        {
          "X-Service-Billing-Source": "plan",
          "X-Service-Usage-Warning": "first warning | second warning",
          "X-Service-Idempotency-Stored": "true",
          "X-Service-Sponsorship-Grant": "g-1",
        },
      ),
    );
    const res = await bindApi(transport, KEY).translatePartName({
      query: { sourceLanguage: "de", text: "Bremsscheibe" },
    });
    expect(res.data.en).toBe("Brake disc");
    expect(res.metadata).toMatchObject({
      billingSource: "plan",
      usageWarnings: ["first warning", "second warning"],
      idempotentReplay: false,
      idempotencyStored: true,
      sponsorshipGrant: "g-1",
    });
  });

  it("refuses a response that does not match the contract", async () => {
    server.script("GET /ping", ok({ status: "maybe", service: "s" }));
    await expect(bindApi(transport, KEY).getSystemStatus()).rejects.toBeInstanceOf(
      ContractViolationError,
    );
  });

  it("turns an error body into a ServiceError carrying status, code, retryability and headers", async () => {
    server.script("GET /client/users", fail(403, "master_client_required"));
    const error = await bindApi(transport, KEY)
      .listClientUsers()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 403, code: "master_client_required", retryable: false });
    expect(server.requests).toHaveLength(1);
  });

  it("keeps an undocumented error body as a typed error without guessing", async () => {
    server.script("GET /client/users", { status: 502, body: "<html>bad gateway</html>" });
    const error = (await bindApi(transport, KEY)
      .listClientUsers()
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.code).toBe("http_502");
    expect(error.retryable).toBe(false);
  });
});

describe("reading a long list as it arrives", () => {
  const entry = (id: string) => ({ id, name: `Sub-user ${id}`, isActive: true });
  const collect = () => {
    const seen: unknown[] = [];
    return { seen, onItems: (items: unknown[]) => void seen.push(...items) };
  };

  it("hands over each item checked, keeps none, and checks the answer around the list", async () => {
    server.script(
      "GET /client/users",
      ok(
        { clientUsers: [entry("cl_1"), entry("cl_2")], more: { clientUsers: [1] } },
        { ETag: '"v1"' },
      ),
    );
    const { seen, onItems } = collect();
    const read = await bindApi(transport, KEY).listClientUsers(
      {},
      { stream: { list: "clientUsers", onItems } },
    );
    expect(seen).toEqual([entry("cl_1"), entry("cl_2")]);
    expect(read.data.clientUsers).toEqual([]);
    expect(read.etag).toBe('"v1"');
  });

  it("refuses an item, or an answer around the list, that breaks the contract", async () => {
    server.script(
      "GET /client/users",
      ok({ clientUsers: [entry("cl_1"), { id: "not an id", name: 42 }, entry("cl_3")] }),
      ok({ clientUsers: "none" }),
      ok([entry("cl_2")]),
    );
    const api = bindApi(transport, KEY);
    for (let i = 0; i < 3; i++) {
      const { seen, onItems } = collect();
      await expect(
        api.listClientUsers({}, { stream: { list: "clientUsers", onItems } }),
      ).rejects.toBeInstanceOf(ContractViolationError);
      expect(seen).toEqual([]);
    }
  });

  it("stops reading when told to", async () => {
    server.script("GET /client/users", ok({ clientUsers: [entry("cl_1"), entry("cl_2")] }));
    let calls = 0;
    const read = await bindApi(transport, KEY).listClientUsers(
      {},
      { stream: { list: "clientUsers", onItems: () => (calls++, false) } },
    );
    expect(calls).toBe(1);
    expect(read.status).toBe(200);
  });

  it("asks conditionally, and takes 304 as the caller's copy being current", async () => {
    server.script(
      "GET /client/users",
      { status: 304, headers: { ETag: '"v1"' } },
      ok({ clientUsers: [entry("cl_1")] }, { ETag: '"v2"' }),
    );
    const api = bindApi(transport, KEY);
    const { seen, onItems } = collect();
    const unchanged = await api.listClientUsers(
      {},
      { ifNoneMatch: '"v1"', stream: { list: "clientUsers", onItems } },
    );
    expect(unchanged).toMatchObject({ status: 304, notModified: true });
    expect(server.requests[0]!.headers["if-none-match"]).toBe('"v1"');
    const changed = await api.listClientUsers(
      {},
      { ifNoneMatch: '"v1"', stream: { list: "clientUsers", onItems } },
    );
    expect(changed.notModified).toBeUndefined();
    expect(changed.etag).toBe('"v2"');
    expect(seen).toEqual([entry("cl_1")]);
  });
});

describe("retries", () => {
  it("retries retryable codes with exponential backoff, bounded", async () => {
    server.script("GET /client/users", fail(503, "service_unavailable"));
    const error = await bindApi(transport, KEY)
      .listClientUsers()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "service_unavailable" });
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([250, 500]);
  });

  it("waits at least Retry-After", async () => {
    server.script(
      "GET /client/users",
      fail(429, "rate_limit_exceeded", { "Retry-After": "2" }),
      ok({ clientUsers: [] }),
    );
    await bindApi(transport, KEY).listClientUsers();
    expect(sleeps).toEqual([2000]);
  });

  it("gives up at once when Retry-After is longer than it may wait", async () => {
    server.script("GET /client/users", fail(429, "rate_limit_exceeded", { "Retry-After": "3600" }));
    const error = (await bindApi(transport, KEY)
      .listClientUsers()
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.retryAfterSeconds).toBe(3600);
    expect(server.requests).toHaveLength(1);
  });

  it("never retries a code that is not retryable", async () => {
    server.script("PATCH /client/users/cl_1", fail(409, "idempotency_key_conflict"));
    await expect(
      bindApi(transport, KEY).updateClientUser({
        params: { clientId: "cl_1" },
        body: { name: "B" },
      }),
    ).rejects.toMatchObject({
      code: "idempotency_key_conflict",
    });
    expect(server.requests).toHaveLength(1);
  });

  it("retries a lost connection of a replay-safe operation, then reports the service unreachable", async () => {
    server.script("GET /client/credits", { destroy: true });
    await expect(bindApi(transport, KEY).getClientCredits()).rejects.toBeInstanceOf(
      ServiceUnreachableError,
    );
    expect(server.requests).toHaveLength(3);
  });
});

describe("operations that are not replay-safe", () => {
  it("are never repeated after a lost connection: the outcome is unknown", async () => {
    server.script("POST /client/users", { destroy: true });
    const error = await bindApi(transport, KEY)
      .createClientUser({ body: { name: "Once" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ reason: "network", operationId: "createClientUser" });
    expect(server.requests).toHaveLength(1);
  });

  it("are never repeated after a timeout", async () => {
    server.script("POST /client/partner-workspaces", { status: 201, body: {}, delayMs: 2_000 });
    const error = await bindApi(transport, KEY)
      .createPartnerWorkspace({
        body: { name: "W", externalReference: "r", endpointKeys: ["parts_oe"] },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "OutcomeUnknownError", reason: "timeout" });
    expect(server.requests).toHaveLength(1);
  });

  it("are never repeated after a server failure, even a retryable one", async () => {
    server.script("POST /client/users/cl_1/keys", fail(503, "service_unavailable"));
    await expect(
      bindApi(transport, KEY).createClientUserApiKey({ params: { clientId: "cl_1" }, body: {} }),
    ).rejects.toMatchObject({
      name: "OutcomeUnknownError",
      reason: "server_error",
    });
    expect(server.requests).toHaveLength(1);
  });

  it("may be sent again after a refusal that certifies nothing was done", async () => {
    server.script(
      "POST /client/users",
      fail(429, "client_request_in_progress", { "Retry-After": "1" }),
      ok({
        ...user,
        apiKey: { id: "k", label: null, key: "secret", createdAt: "2026-11-22T10:00:00Z" },
      }),
    );
    const res = await bindApi(transport, KEY).createClientUser({ body: { name: "A" } });
    expect(res.data.apiKey.key).toBe("secret");
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([1000]);
  });
});

describe("one active request per Client", () => {
  it("serialises calls with the same key and lets other keys run in parallel", async () => {
    server.script("GET /client/credits", {
      status: 200,
      body: { clientId: "c", billingMode: "prepaid" },
      delayMs: 100,
    });
    const api = bindApi(transport, KEY);
    await Promise.all([api.getClientCredits(), api.getClientCredits(), api.getClientCredits()]);
    expect(server.maxOpen).toBe(1);
    server.reset();
    server.script("GET /client/credits", {
      status: 200,
      body: { clientId: "c", billingMode: "prepaid" },
      delayMs: 100,
    });
    const other = bindApi(transport, "svc_live_" + "o".repeat(32));
    await Promise.all([api.getClientCredits(), other.getClientCredits()]);
    expect(server.maxOpen).toBe(2);
  });

  it("serialises the calls of one key across transports that share a queue", async () => {
    server.script("GET /client/credits", {
      status: 200,
      body: { clientId: "c", billingMode: "prepaid" },
      delayMs: 100,
    });
    // As two bundles of the console have two transports, with the process's one queue.
    const queue = new KeyQueue();
    const [first, second] = [1, 2].map(
      () => new ServiceTransport({ baseUrl: server.url, timeoutMs: 500, queue }),
    );
    await Promise.all([
      bindApi(first!, KEY).getClientCredits(),
      bindApi(second!, KEY).getClientCredits(),
    ]);
    expect(server.maxOpen).toBe(1);
    expect(server.requests).toHaveLength(2);
  });
});

describe("jobs", () => {
  const accepted = (statusUrl: string) => ({
    jobId: "job_1",
    status: "queued",
    statusUrl,
    retryAfterSeconds: 1,
    createdAt: "2026-11-22T10:00:00Z",
  });
  const vin = "WVWZZZ1JZXW000001";

  it("accepts a 202 whose Location equals statusUrl", async () => {
    const statusUrl = `${server.url}/vin/parts/jobs/job_1`;
    server.script(`GET /vin/${vin}/parts`, {
      status: 202,
      body: accepted(statusUrl),
      headers: { Location: statusUrl, "Retry-After": "1" },
    });
    const res = await bindApi(transport, KEY).getPartsByVin({ params: { vin } });
    expect(res.status).toBe(202);
  });

  it("quarantines a 202 whose Location differs from statusUrl", async () => {
    const statusUrl = `${server.url}/vin/parts/jobs/job_1`;
    server.script(`GET /vin/${vin}/parts`, {
      status: 202,
      body: accepted(statusUrl),
      headers: { Location: `${server.url}/vin/parts/jobs/job_2` },
    });
    await expect(bindApi(transport, KEY).getPartsByVin({ params: { vin } })).rejects.toBeInstanceOf(
      JobQuarantinedError,
    );
  });

  it("polls waiting the longer of Retry-After and retryAfterSeconds, and never orders again", async () => {
    const statusUrl = `${server.url}/vin/parts/jobs/job_1`;
    server.script(
      "GET /vin/parts/jobs/job_1",
      ok({ status: "queued", retryAfterSeconds: 3 }, { "Retry-After": "1" }),
      ok({ status: "running", retryAfterSeconds: 1 }, { "Retry-After": "2" }),
      ok({ status: "succeeded", result: { parts: [] } }),
    );
    const res = await pollJob(
      transport,
      KEY,
      { statusUrl, retryAfterSeconds: 1 },
      { sleep: async (ms) => void sleeps.push(ms) },
    );
    expect(res.status).toBe("succeeded");
    expect(sleeps).toEqual([1000, 3000, 2000]);
    expect(server.requests.every((r) => r.path === "/vin/parts/jobs/job_1")).toBe(true);
  });

  it("returns a failed job with its embedded error", async () => {
    server.script(
      "GET /vin/cart-check/jobs/job_9",
      ok({ status: "failed", error: { code: "vin_not_found", message: "no vehicle" } }),
    );
    const res = await pollJob(
      transport,
      KEY,
      { statusUrl: `${server.url}/vin/cart-check/jobs/job_9` },
      { sleep: async () => {} },
    );
    expect(res).toMatchObject({ status: "failed", error: { code: "vin_not_found" } });
  });

  it("stops polling at its budget without re-ordering", async () => {
    server.script("GET /vin/parts/jobs/job_1", ok({ status: "running", retryAfterSeconds: 30 }));
    await expect(
      pollJob(
        transport,
        KEY,
        { statusUrl: `${server.url}/vin/parts/jobs/job_1` },
        { sleep: async () => {}, maxWaitMs: 10_000 },
      ),
    ).rejects.toBeInstanceOf(JobPollTimeoutError);
    expect(server.requests).toHaveLength(1);
  });

  it("never sends the key to a status URL outside the service", async () => {
    await expect(
      pollJob(
        transport,
        KEY,
        { statusUrl: "https://elsewhere.example/vin/parts/jobs/job_1" },
        { sleep: async () => {} },
      ),
    ).rejects.toBeInstanceOf(JobQuarantinedError);
    expect(server.requests).toHaveLength(0);
    expect(resolveStatusUrl(server.url, `${server.url}/vin/parts/jobs/a%2Fb`)).toBeUndefined();
    expect(resolveStatusUrl(server.url, `${server.url}/vision/part/generation-jobs/j_1`)).toEqual({
      operationId: "getPartImageGenerationJob",
      family: "part_image",
      jobId: "j_1",
    });
  });
});
