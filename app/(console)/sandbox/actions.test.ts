import { fieldError } from "@/lib/validation/field-error";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sandboxControlsFor } from "@/lib/api/sandbox-controls-client";
import { type SignedIn } from "@/lib/auth/guards";
import { type Role } from "@/lib/auth/roles";
import { type AuditEntry } from "@/lib/store/audit-log";

/**
 * The Sandbox page's actions as a console duty: who is refused, and what the audit log says when
 * the service's answer never came. The session and the audit log's writer are stand-ins; the
 * controls' client is the real one, over a stubbed `fetch`.
 */
const audit = vi.hoisted(() => ({ entries: [] as AuditEntry[] }));
const session = vi.hoisted(() => ({ current: undefined as SignedIn | undefined }));

vi.mock("@/lib/store/audit-log", () => ({
  recordAuditOrLog: async (entry: AuditEntry) => void audit.entries.push(entry),
}));
vi.mock("@/lib/auth/guards", () => ({
  actionSession: async () => session.current ?? { refused: "unauthenticated" },
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("@/lib/log/console-log", () => ({
  consoleLog: () => ({ error: () => undefined, info: () => undefined, warn: () => undefined }),
}));

const { addFaultRuleAction, advanceClockAction, removeFaultRuleAction, resetMasterAction } =
  await import("./actions");

const MASTER = "M-000001";

function signedIn(role: Role): SignedIn {
  return {
    session: {
      idHash: "h",
      clientId: MASTER,
      isMaster: true,
      environment: "sandbox",
      accountLabel: null,
      organizationId: "org-1",
      organizationName: "Acme",
      ssoOrganizationId: null,
      actor: { kind: "person", personId: "p-1", email: "p@example.com", name: "P" },
      role,
      steppedUpAt: null,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
    sandbox: sandboxControlsFor("http://service.test", "svc_test_key"),
  } as unknown as SignedIn;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
const timedOut = () =>
  Promise.reject(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
const preview = {
  masterId: MASTER,
  confirmationToken: "tok",
  expiresAt: "2030-01-01T00:00:00Z",
  now: {},
  seeded: {},
  countedUpTo: 1000,
};

let fetched: { method: string; url: string }[];
function answer(reply: (method: string, url: string) => Promise<Response>) {
  vi.stubGlobal("fetch", (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    fetched.push({ method, url });
    return reply(method, url);
  });
}

beforeEach(() => {
  audit.entries = [];
  fetched = [];
  session.current = undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("resetting a Master", () => {
  it("refuses a person without the duty as such, whatever they typed, and audits it", async () => {
    session.current = signedIn("viewer");
    answer(() => Promise.resolve(json(preview)));
    const result = await resetMasterAction({ typed: "not the id" });
    expect(result).toMatchObject({ ok: false, outcome: "refused", code: "role_forbidden" });
    expect(result.ok || result.fieldErrors?.typed).toBeFalsy();
    expect(audit.entries).toEqual([
      expect.objectContaining({
        operationId: "console.sandbox.resetMaster",
        target: MASTER,
        outcome: "failure",
        errorCode: "role_forbidden",
      }),
    ]);
    expect(fetched).toEqual([]);
  });

  it("asks for the Master's id from a person with the duty, before any call", async () => {
    session.current = signedIn("admin");
    answer(() => Promise.resolve(json(preview)));
    const result = await resetMasterAction({ typed: "M-999999" });
    expect(result).toMatchObject({
      ok: false,
      code: "invalid_request",
      fieldErrors: { typed: fieldError("typeToConfirm", { id: MASTER }) },
    });
    expect(fetched).toEqual([]);
    expect(audit.entries).toEqual([
      expect.objectContaining({ outcome: "failure", errorCode: "invalid_request" }),
    ]);
  });

  it("reports a reset whose answer never came as unknown, and audits it so", async () => {
    session.current = signedIn("owner");
    answer((method) => (method === "GET" ? Promise.resolve(json(preview)) : timedOut()));
    const result = await resetMasterAction({ typed: ` ${MASTER} ` });
    expect(result).toMatchObject({ ok: false, outcome: "unknown" });
    expect(fetched.map((f) => f.method)).toEqual(["GET", "POST"]);
    expect(audit.entries).toEqual([
      expect.objectContaining({
        operationId: "console.sandbox.resetMaster",
        target: MASTER,
        outcome: "unknown",
      }),
    ]);
  });

  it("reports a reset the service answered as done", async () => {
    session.current = signedIn("owner");
    answer((method) =>
      Promise.resolve(json(method === "GET" ? preview : { masterId: MASTER, restored: { a: 1 } })),
    );
    const result = await resetMasterAction({ typed: MASTER });
    expect(result).toEqual({ ok: true, data: { restored: { a: 1 } }, replayed: false });
    expect(audit.entries).toEqual([expect.objectContaining({ outcome: "success" })]);
  });
});

describe("a fault rule sent to the controls", () => {
  const rule = { operationId: "getClientCredits", kind: "drop_before" as const };

  it("whose answer never came is unknown, and audited so", async () => {
    session.current = signedIn("owner");
    answer(timedOut);
    const result = await addFaultRuleAction(rule);
    expect(result).toMatchObject({ ok: false, outcome: "unknown" });
    expect(audit.entries).toEqual([
      expect.objectContaining({ operationId: "console.sandbox.addFaultRule", outcome: "unknown" }),
    ]);
  });

  it("that could not reach the service is refused: nothing was sent", async () => {
    session.current = signedIn("owner");
    answer(() =>
      Promise.reject(
        new TypeError("fetch failed", {
          cause: Object.assign(new Error(), { code: "ECONNREFUSED" }),
        }),
      ),
    );
    const result = await addFaultRuleAction(rule);
    expect(result).toMatchObject({ ok: false, outcome: "refused", code: "service_unreachable" });
    expect(audit.entries).toEqual([
      expect.objectContaining({ outcome: "failure", errorCode: "service_unreachable" }),
    ]);
  });
});

describe("what a person without the duty sends, however malformed", () => {
  it("is refused for the role first, and audited, before its fields are read", async () => {
    session.current = signedIn("viewer");
    answer(() => Promise.resolve(json({})));
    const results = [
      await addFaultRuleAction({ operationId: "getClientCredits", kind: "nonsense" } as never),
      await advanceClockAction({ kind: "date" }),
      await removeFaultRuleAction(".."),
    ];
    for (const result of results)
      expect(result).toMatchObject({ ok: false, outcome: "refused", code: "role_forbidden" });
    expect(audit.entries.map((e) => [e.operationId, e.errorCode])).toEqual([
      ["console.sandbox.addFaultRule", "role_forbidden"],
      ["console.sandbox.advanceClock", "role_forbidden"],
      ["console.sandbox.removeFaultRule", "role_forbidden"],
    ]);
    expect(fetched).toEqual([]);
  });

  it("still gets its fields' errors once the duty holds, audited as refused", async () => {
    session.current = signedIn("owner");
    answer(() => Promise.resolve(json({})));
    const result = await addFaultRuleAction({ operationId: "getClientCredits", kind: "latency" });
    expect(result).toMatchObject({ ok: false, code: "invalid_request" });
    expect(result.ok || Object.keys(result.fieldErrors ?? {})).toEqual(["ms"]);
    expect(audit.entries).toEqual([
      expect.objectContaining({ outcome: "failure", errorCode: "invalid_request" }),
    ]);
    expect(fetched).toEqual([]);
  });
});
