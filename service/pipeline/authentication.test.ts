import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/service/db/database";
import { hashApiKey } from "@/service/domain/api-keys";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile();

describe("Client states and rights", () => {
  it("stores keys only as digests", async () => {
    const rows = await svc.service.database.db.select().from(schema.apiKeys);
    const stored = JSON.stringify(rows);
    for (const key of Object.values(svc.keys)) {
      expect(stored).not.toContain(key);
      expect(stored).toContain(hashApiKey(key));
    }
  });

  it("refuses a disabled key with 403 api_key_disabled", async () => {
    const key = svc.keys["sub-user"];
    const db = svc.service.database.db;
    await db
      .update(schema.apiKeys)
      .set({ isActive: false })
      .where(eq(schema.apiKeys.keyHash, hashApiKey(key)));
    try {
      const res = await http(svc.url, "GET", "/ping", { key });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("api_key_disabled");
    } finally {
      await db
        .update(schema.apiKeys)
        .set({ isActive: true })
        .where(eq(schema.apiKeys.keyHash, hashApiKey(key)));
    }
  });

  it("keeps Master-only operations from Sub-users (403 master_client_required)", async () => {
    for (const [method, path] of [
      ["GET", "/client/users"],
      ["GET", "/client/sponsorship-grants"],
      ["GET", "/client/users/cl_demo_hamburg/usage"],
    ] as const) {
      const res = await http(svc.url, method, path, { key: svc.keys["sub-user"] });
      expect(res.status, path).toBe(403);
      expect(res.body.error).toBe("master_client_required");
    }
  });

  it("lets any active Client read its own credit, usage and plans", async () => {
    for (const path of [
      "/client/credits",
      "/client/usage",
      "/client/plans",
      "/client/sponsorship-grants/received",
    ]) {
      const res = await http(svc.url, "GET", path, { key: svc.keys["sub-user"] });
      expect(res.status, path).toBe(200);
    }
  });

  it("refuses mutations with a sandbox key (403 sandbox_endpoint_unavailable) but allows reads", async () => {
    const create = await http(svc.url, "POST", "/client/users", {
      key: svc.keys.sandbox,
      body: { name: "From sandbox" },
    });
    expect(create.status).toBe(403);
    expect(create.body.error).toBe("sandbox_endpoint_unavailable");
    const list = await http(svc.url, "GET", "/client/users", { key: svc.keys.sandbox });
    expect(list.status).toBe(200);
  });

  it("deactivating a Master client deactivates its Sub-users and all their keys", async () => {
    const master = svc.keys.beneficiary;
    const created = await http<{ id: string; apiKey: { key: string } }>(
      svc.url,
      "POST",
      "/client/users",
      {
        key: master,
        body: { name: "Sonnenschein Werkstatt" },
      },
    );
    expect(created.status).toBe(200);
    expect((await http(svc.url, "GET", "/ping", { key: created.body.apiKey.key })).status).toBe(
      200,
    );

    const self = await http(svc.url, "PATCH", "/client/users/cl_demo_sonnenschein", {
      key: master,
      body: { isActive: false },
    });
    expect(self.status).toBe(200);
    expect(self.body.isActive).toBe(false);

    for (const key of [master, created.body.apiKey.key]) {
      const res = await http(svc.url, "GET", "/ping", { key });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("client_inactive");
    }
    const [sub] = await svc.service.database.db
      .select()
      .from(schema.clients)
      .where(eq(schema.clients.id, created.body.id));
    expect(sub!.isActive).toBe(false);
  });
});
