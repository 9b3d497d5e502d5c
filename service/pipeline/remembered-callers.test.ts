import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/service/db/database";
import { hashApiKey } from "@/service/domain/api-keys";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import { CallerCache } from "./caller-cache";
import { type Caller } from "../core";

/**
 * An instance remembers the callers it resolved from keys; every call checks the remembered
 * caller against the database in its first write. These tests change a Client through one
 * instance (or the database directly) after another instance remembered it.
 */
const svc = serviceForThisFile();
const admin = () => svc.keys["master-admin"];

async function newSubUser(name: string) {
  const res = await http<{ id: string; apiKey: { id: string; key: string } }>(
    svc.url,
    "POST",
    "/client/users",
    { key: admin(), body: { name } },
  );
  expect(res.status).toBe(200);
  return { id: res.body.id, key: res.body.apiKey.key };
}

async function stampOf(clientId: string) {
  const [row] = await svc.service.database.db
    .select({ stamp: schema.clients.authStamp })
    .from(schema.clients)
    .where(eq(schema.clients.id, clientId));
  return row!.stamp;
}

describe("remembered callers", () => {
  it("refuse a Sub-user deactivated through another instance on its next call", async () => {
    const sibling = await svc.startSibling();
    const sub = await newSubUser("Remembered, then deactivated");
    expect((await http(sibling.url, "GET", "/ping", { key: sub.key })).status).toBe(200);
    expect(sibling.context.callers.get(hashApiKey(sub.key))).toBeDefined();

    const off = await http(svc.url, "PATCH", `/client/users/${sub.id}`, {
      key: admin(),
      body: { isActive: false },
    });
    expect(off.status).toBe(200);
    const refused = await http(sibling.url, "GET", "/ping", { key: sub.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("client_inactive");
  });

  it("refuse a key disabled in the database on its next call", async () => {
    const sub = await newSubUser("Key disabled");
    expect((await http(svc.url, "GET", "/ping", { key: sub.key })).status).toBe(200);
    await svc.service.database.db
      .update(schema.apiKeys)
      .set({ isActive: false })
      .where(eq(schema.apiKeys.keyHash, hashApiKey(sub.key)));
    const refused = await http(svc.url, "GET", "/ping", { key: sub.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("api_key_disabled");
  });

  it("follow replaced rate limits from the next call, and count an attempt once", async () => {
    const sibling = await svc.startSibling();
    const sub = await newSubUser("Limits replaced");
    for (let i = 0; i < 3; i++)
      expect((await http(sibling.url, "GET", "/ping", { key: sub.key })).status).toBe(200);
    const put = await http(svc.url, "PUT", `/client/users/${sub.id}/rate-limits`, {
      key: admin(),
      body: { rateLimits: [{ endpointKey: "*", windowSeconds: 3600, maxRequests: 2 }] },
    });
    expect(put.status).toBe(200);
    // The new rule's window starts empty: two calls pass, the third is refused. Had the stale
    // caller's attempt been counted as well as the fresh one's, the second would be refused.
    expect((await http(sibling.url, "GET", "/ping", { key: sub.key })).status).toBe(200);
    expect((await http(sibling.url, "GET", "/ping", { key: sub.key })).status).toBe(200);
    const limited = await http(sibling.url, "GET", "/ping", { key: sub.key });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("rate_limit_exceeded");
  });

  it("follow the Master's allowlist both ways (a refusal is never made on a remembered caller)", async () => {
    const sibling = await svc.startSibling();
    const sub = await newSubUser("Allowlist follows the Master");
    const translate = () =>
      http(sibling.url, "GET", "/translation/translations?sourceLanguage=de&text=Kühler", {
        key: sub.key,
      });
    const master = await http<{ clientId: string }>(svc.url, "GET", "/client/credits", {
      key: admin(),
    });
    const db = svc.service.database.db;
    const setAllowlist = (allowlist: string[] | null) =>
      db
        .update(schema.clients)
        .set({ allowlist })
        .where(eq(schema.clients.id, master.body.clientId));

    expect((await translate()).body.error).not.toBe("endpoint_not_enabled");
    await setAllowlist(["vin_vehicle"]);
    try {
      const refused = await translate();
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe("endpoint_not_enabled");
    } finally {
      await setAllowlist(null);
    }
    // The instance now remembers the narrowed caller; widened again, it must not refuse.
    expect((await translate()).body.error).not.toBe("endpoint_not_enabled");
  });

  it("keep their stamp through charges; any other change to the Client or its rules moves it", async () => {
    const db = svc.service.database.db;
    const [client] = await db
      .select()
      .from(schema.clients)
      .where(eq(schema.clients.id, (await newSubUser("Stamped")).id));
    const id = client!.id;
    const before = await stampOf(id);
    await db
      .update(schema.clients)
      .set({ balanceMinor: 12_345, updatedAt: new Date() })
      .where(eq(schema.clients.id, id));
    expect(await stampOf(id)).toBe(before);

    await http(svc.url, "PATCH", `/client/users/${id}`, {
      key: admin(),
      body: { name: "Renamed" },
    });
    const renamed = await stampOf(id);
    expect(renamed).toBeGreaterThan(before);

    await http(svc.url, "PUT", `/client/users/${id}/rate-limits`, {
      key: admin(),
      body: { rateLimits: [{ endpointKey: "system", windowSeconds: 60, maxRequests: 50 }] },
    });
    const limited = await stampOf(id);
    expect(limited).toBeGreaterThan(renamed);

    // A balance changed together with anything else (a reset restores whole rows) still moves it,
    // as does a change to a JSON column alone.
    await db
      .update(schema.clients)
      .set({ balanceMinor: 1, billingMode: "invoice" })
      .where(eq(schema.clients.id, id));
    const invoiced = await stampOf(id);
    expect(invoiced).toBeGreaterThan(limited);
    await db
      .update(schema.clients)
      .set({ intelligencePilot: { sandbox: { enabled: true } } })
      .where(eq(schema.clients.id, id));
    expect(await stampOf(id)).toBeGreaterThan(invoiced);
  });
});

describe("CallerCache", () => {
  const caller = (id: string) => ({ client: { id } }) as unknown as Caller;

  it("keeps at most its capacity, dropping the least recently used", () => {
    const cache = new CallerCache(2);
    cache.set("a", caller("a"));
    cache.set("b", caller("b"));
    expect(cache.get("a")?.client.id).toBe("a"); // a is now the most recent
    cache.set("c", caller("c"));
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.client.id).toBe("a");
    expect(cache.get("c")?.client.id).toBe("c");
    cache.delete("a");
    expect(cache.get("a")).toBeUndefined();
  });
});
