import { describe, expect, it } from "vitest";
import {
  createClientUserResponse,
  listClientUsersResponse,
  usageStatus,
} from "@/lib/api/contract/client-admin";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile();
const admin = () => svc.keys["master-admin"];

describe("Sub-users", () => {
  it("lists only the caller's Sub-users, with key metadata but never a secret", async () => {
    const res = await http(svc.url, "GET", "/client/users", { key: admin() });
    expect(res.status).toBe(200);
    const { clientUsers } = listClientUsersResponse.parse(res.body);
    expect(clientUsers.map((u) => u.id)).toEqual([
      "cl_demo_berlin",
      "cl_demo_hamburg",
      "cl_demo_legacy",
    ]);
    expect(clientUsers[0]!.apiKeys).toHaveLength(2);
    expect(clientUsers[0]!.rateLimits?.map((r) => [r.endpointKey, r.maxRequests])).toEqual([
      ["vin_vehicle", 60],
      ["*", 600],
    ]);
    expect(clientUsers[1]!.apiKeys?.every((k) => k.id !== clientUsers[0]!.apiKeys![0]!.id)).toBe(
      true,
    );
    expect(res.text).not.toMatch(/svc_(live|test)_/);
    const other = listClientUsersResponse.parse(
      (await http(svc.url, "GET", "/client/users", { key: svc.keys.beneficiary })).body,
    );
    expect(other.clientUsers).toEqual([]);
  });

  it("creates a Sub-user with its initial key shown once, not cached", async () => {
    const res = await http(svc.url, "POST", "/client/users", {
      key: admin(),
      body: { name: "Workshop Munich", defaultProviderId: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const created = createClientUserResponse.parse(res.body);
    expect(created).toMatchObject({
      name: "Workshop Munich",
      isActive: true,
      parentId: "cl_demo_northwind",
      defaultProviderId: 2,
    });
    expect(created.apiKey.key).toMatch(/^svc_live_[0-9A-Za-z]{32}$/);
    expect((await http(svc.url, "GET", "/ping", { key: created.apiKey.key })).status).toBe(200);
    const list = await http(svc.url, "GET", "/client/users", { key: admin() });
    expect(list.text).toContain(created.id);
    expect(list.text).not.toContain(created.apiKey.key);
  });

  it("refuses bad input with the field named, and creates nothing", async () => {
    const before = listClientUsersResponse.parse(
      (await http(svc.url, "GET", "/client/users", { key: admin() })).body,
    ).clientUsers.length;
    const cases: [unknown, string][] = [
      [{}, "name"],
      [{ name: "   " }, "name"],
      [{ name: "x", defaultProviderId: 4 }, "defaultProviderId"],
      [{ name: "x", colour: "red" }, ""],
    ];
    for (const [body, path] of cases) {
      const res = await http(svc.url, "POST", "/client/users", { key: admin(), body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe("invalid_request");
      expect((res.body.issues as { path: string }[])[0]!.path).toBe(path);
    }
    const after = listClientUsersResponse.parse(
      (await http(svc.url, "GET", "/client/users", { key: admin() })).body,
    ).clientUsers.length;
    expect(after).toBe(before);
  });

  it("renames, deactivates (its keys stop working) and reactivates a Sub-user", async () => {
    const created = createClientUserResponse.parse(
      (await http(svc.url, "POST", "/client/users", { key: admin(), body: { name: "Temp" } })).body,
    );
    const path = `/client/users/${created.id}`;
    expect(
      (await http(svc.url, "PATCH", path, { key: admin(), body: { name: "Temp renamed" } })).body
        .name,
    ).toBe("Temp renamed");
    expect(
      (await http(svc.url, "PATCH", path, { key: admin(), body: { isActive: false } })).body
        .isActive,
    ).toBe(false);
    const refused = await http(svc.url, "GET", "/ping", { key: created.apiKey.key });
    expect(refused.body.error).toBe("client_inactive");
    const keyRefused = await http(svc.url, "POST", `${path}/keys`, { key: admin(), body: {} });
    expect(keyRefused.status).toBe(409);
    expect(keyRefused.body.error).toBe("client_state_conflict");
    expect(
      (await http(svc.url, "PATCH", path, { key: admin(), body: { isActive: true } })).body
        .isActive,
    ).toBe(true);
    expect((await http(svc.url, "GET", "/ping", { key: created.apiKey.key })).status).toBe(200);
    const empty = await http(svc.url, "PATCH", path, { key: admin(), body: {} });
    expect(empty.status).toBe(400);
  });

  it("lists each Sub-user exactly as its own answer shows it: keys, limits, allowlist, times", async () => {
    const created = createClientUserResponse.parse(
      (
        await http(svc.url, "POST", "/client/users", {
          key: admin(),
          body: { name: "Workshop Erfurt", defaultProviderId: 3 },
        })
      ).body,
    );
    const path = `/client/users/${created.id}`;
    const second = await http<{ apiKey: { id: string } }>(svc.url, "POST", `${path}/keys`, {
      key: admin(),
      body: { label: "Second till" },
    });
    const replaced = await http(svc.url, "PUT", `${path}/rate-limits`, {
      key: admin(),
      body: {
        rateLimits: [
          { endpointKey: "translation", windowSeconds: 60, maxRequests: 5 },
          { endpointKey: "*", windowSeconds: 3600, maxRequests: 900 },
          { endpointKey: "*", windowSeconds: 60, maxRequests: 7, apiKeyId: second.body.apiKey.id },
        ],
      },
    });
    expect(replaced.status).toBe(200);
    // A workspace's Client carries an allowlist.
    const workspace = await http<{ workspace: { clientId: string } }>(
      svc.url,
      "POST",
      "/client/partner-workspaces",
      {
        key: admin(),
        body: {
          name: "Listed workspace",
          externalReference: "listed-1",
          endpointKeys: ["translation"],
        },
      },
    );
    expect(workspace.status).toBe(201);
    const own = [
      (await http(svc.url, "PATCH", path, { key: admin(), body: { name: "Workshop Erfurt 2" } }))
        .body,
      (
        await http(svc.url, "PATCH", `/client/users/${workspace.body.workspace.clientId}`, {
          key: admin(),
          body: { defaultProviderId: null },
        })
      ).body,
    ];
    const { clientUsers } = listClientUsersResponse.parse(
      (await http(svc.url, "GET", "/client/users", { key: admin() })).body,
    );
    const listed = own.map((o) => clientUsers.find((u) => u.id === o.id));
    expect(listed).toEqual(own);
    expect(listed[0]!.apiKeys?.map((k) => k.label)).toEqual([null, "Second till"]);
    expect(listed[0]!.rateLimits?.map((r) => r.maxRequests)).toEqual([5, 900, 7]);
    expect(listed[1]!.allowlist).toEqual(["translation"]);
    // Oldest first, with the creation order of ties kept.
    const times = clientUsers.map((u) => Date.parse(u.createdAt!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("hides other Masters' Sub-users (404 client_user_not_found)", async () => {
    const theirs = await http(svc.url, "POST", "/client/users", {
      key: svc.keys.beneficiary,
      body: { name: "Theirs" },
    });
    for (const [method, path, body] of [
      ["PATCH", `/client/users/${theirs.body.id}`, { name: "mine now" }],
      ["POST", `/client/users/${theirs.body.id}/keys`, {}],
      ["GET", `/client/users/${theirs.body.id}/usage`, undefined],
      ["PUT", `/client/users/${theirs.body.id}/rate-limits`, { rateLimits: [] }],
    ] as const) {
      const res = await http(svc.url, method, path, { key: admin(), body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe("client_user_not_found");
    }
  });
});

describe("keys", () => {
  it("issues another key with a label, plaintext once", async () => {
    const res = await http<{
      apiKey: { id: string; label: string; key: string; createdAt: string };
    }>(svc.url, "POST", "/client/users/cl_demo_berlin/keys", {
      key: admin(),
      body: { label: "Workshop laptop" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body.apiKey).toMatchObject({
      label: "Workshop laptop",
      key: expect.stringMatching(/^svc_live_/),
    });
    expect((await http(svc.url, "GET", "/ping", { key: res.body.apiKey.key })).status).toBe(200);
    const label = await http(svc.url, "POST", "/client/users/cl_demo_berlin/keys", {
      key: admin(),
      body: { label: "x".repeat(101) },
    });
    expect(label.status).toBe(400);
  });
});

describe("credit, usage and plans", () => {
  it("shows the Sub-user's usage to its Master", async () => {
    const res = await http(svc.url, "GET", "/client/users/cl_demo_berlin/usage", { key: admin() });
    const usage = usageStatus.parse(res.body);
    expect(usage.clientId).toBe("cl_demo_berlin");
    expect(usage.plans.find((p) => p.endpoint_key === "vin_vehicle")).toMatchObject({
      used: 93,
      included_monthly_quantity: 100,
      state: "warning",
    });
  });

  it("lists standard plans to everyone and custom plans to their owner only", async () => {
    const mine = (
      await http<{ plans: { id: string; active: boolean; included_monthly_quantity: number }[] }>(
        svc.url,
        "GET",
        "/client/plans",
        { key: admin() },
      )
    ).body.plans;
    expect(mine.map((p) => p.id)).toContain("plan_northwind_normalize");
    expect(mine.find((p) => p.id === "plan_seo_pay_per_use")).toMatchObject({
      included_monthly_quantity: 0,
      active: false,
    });
    expect(mine.find((p) => p.id === "plan_vin_starter")!.active).toBe(true);
    const theirs = (
      await http<{ plans: { id: string }[] }>(svc.url, "GET", "/client/plans", {
        key: svc.keys.beneficiary,
      })
    ).body.plans;
    expect(theirs.map((p) => p.id)).not.toContain("plan_northwind_normalize");
  });

  it("reports credit and billing mode", async () => {
    const res = await http(svc.url, "GET", "/client/credits", { key: admin() });
    expect(res.body).toEqual({
      clientId: "cl_demo_northwind",
      currency: "EUR",
      balanceMinor: 23_120,
      billingMode: "prepaid",
    });
  });
});
