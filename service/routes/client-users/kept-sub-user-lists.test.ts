import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listClientUsersResponse } from "@/lib/api/contract/client-admin";
import { schema } from "@/service/db/database";
import { hashApiKey } from "@/service/domain/api-keys";
import { VersionedAnswers } from "@/service/pipeline/versioned-answers";
import { http, serviceForThisFile } from "@/test/support/service-harness";

/**
 * Each instance keeps a Master's serialised Sub-user list under the list's version, which
 * PostgreSQL moves in the transaction of every change to what the list shows. These tests keep a
 * list on one instance, change the Sub-users through the other instance or the database, and read
 * the list on the first again.
 */
const svc = serviceForThisFile();
const admin = () => svc.keys["master-admin"];
const MASTER = "cl_demo_northwind";

async function listOn(url: string) {
  const res = await http(url, "GET", "/client/users", { key: admin() });
  expect(res.status).toBe(200);
  return { text: res.text, users: listClientUsersResponse.parse(res.body).clientUsers };
}

async function versionOf(masterId = MASTER) {
  const [row] = await svc.service.database.db
    .select({ version: schema.subUserListVersions.version })
    .from(schema.subUserListVersions)
    .where(eq(schema.subUserListVersions.masterClientId, masterId));
  return row?.version ?? 0;
}

describe("kept Sub-user lists", () => {
  it("show every change made through another instance on the next read", async () => {
    const sibling = await svc.startSibling();
    const created = await http<{ id: string; apiKey: { key: string } }>(
      svc.url,
      "POST",
      "/client/users",
      { key: admin(), body: { name: "Kept Erfurt" } },
    );
    const id = created.body.id;
    const path = `/client/users/${id}`;
    const first = await listOn(sibling.url);
    expect(first.users.find((u) => u.id === id)?.name).toBe("Kept Erfurt");
    // Read again unchanged: the kept answer, byte for byte.
    expect(sibling.context.subUserLists.chars).toBe(first.text.length);
    expect((await listOn(sibling.url)).text).toBe(first.text);

    const changes: [string, () => Promise<unknown>, (u: Record<string, unknown>) => unknown][] = [
      [
        "rename",
        () => http(svc.url, "PATCH", path, { key: admin(), body: { name: "Kept Erfurt 2" } }),
        (u) => u.name,
      ],
      [
        "deactivate",
        () => http(svc.url, "PATCH", path, { key: admin(), body: { isActive: false } }),
        (u) => u.isActive,
      ],
      [
        "reactivate",
        () => http(svc.url, "PATCH", path, { key: admin(), body: { isActive: true } }),
        (u) => u.isActive,
      ],
      [
        "another key",
        () => http(svc.url, "POST", `${path}/keys`, { key: admin(), body: { label: "till 2" } }),
        (u) => (u.apiKeys as unknown[]).length,
      ],
      [
        "rate limits",
        () =>
          http(svc.url, "PUT", `${path}/rate-limits`, {
            key: admin(),
            body: { rateLimits: [{ endpointKey: "*", windowSeconds: 60, maxRequests: 9 }] },
          }),
        (u) => (u.rateLimits as { maxRequests: number }[]).map((r) => r.maxRequests),
      ],
      [
        "a key disabled in the database",
        () =>
          svc.service.database.db
            .update(schema.apiKeys)
            .set({ isActive: false })
            .where(eq(schema.apiKeys.keyHash, hashApiKey(created.body.apiKey.key))),
        (u) => (u.apiKeys as { isActive: boolean }[]).map((k) => k.isActive),
      ],
      [
        "rules removed in the database",
        () =>
          svc.service.database.db
            .delete(schema.rateLimits)
            .where(eq(schema.rateLimits.clientId, id)),
        (u) => (u.rateLimits as unknown[]).length,
      ],
    ];
    let before = (await listOn(sibling.url)).users.find((u) => u.id === id)!;
    for (const [what, change, shown] of changes) {
      const version = await versionOf();
      await change();
      expect(await versionOf(), what).toBeGreaterThan(version);
      const after = (await listOn(sibling.url)).users.find((u) => u.id === id)!;
      expect(shown(after), what).not.toEqual(shown(before));
      // The other instance, which never kept this Master's list, reads the same.
      expect(
        (await listOn(svc.url)).users.find((u) => u.id === id),
        what,
      ).toEqual(after);
      before = after;
    }

    const workspace = await http<{ workspace: { clientId: string } }>(
      svc.url,
      "POST",
      "/client/partner-workspaces",
      {
        key: admin(),
        body: {
          name: "Kept workspace",
          externalReference: "kept-1",
          endpointKeys: ["translation"],
        },
      },
    );
    expect(workspace.status).toBe(201);
    expect((await listOn(sibling.url)).users.map((u) => u.id)).toContain(
      workspace.body.workspace.clientId,
    );
  });

  it("keep their version through charges and calls, which the list does not show", async () => {
    await listOn(svc.url);
    const version = await versionOf();
    const berlin = svc.keys["sub-user"];
    for (let i = 0; i < 3; i++) {
      expect((await http(svc.url, "GET", "/ping", { key: berlin })).status).toBe(200);
      const charged = await http(
        svc.url,
        "GET",
        "/translation/translations?sourceLanguage=de&text=Bremsscheibe",
        {
          key: berlin,
        },
      );
      expect(charged.status).toBe(200);
    }
    // A credit posting changes only the balance.
    await svc.service.database.db.execute(
      sql`update clients set balance_minor = balance_minor + 100 where id = 'cl_demo_berlin'`,
    );
    expect(await versionOf()).toBe(version);
  });

  it("move only their own Master's version", async () => {
    const mine = await versionOf();
    const theirs = await http(svc.url, "POST", "/client/users", {
      key: svc.keys.beneficiary,
      body: { name: "Another Master's Sub-user" },
    });
    expect(theirs.status).toBe(200);
    expect(await versionOf()).toBe(mine);
    expect(await versionOf("cl_demo_sonnenschein")).toBeGreaterThan(0);
  });
});

describe("VersionedAnswers", () => {
  it("serves an answer only under its version and stays within its bound", () => {
    const kept = new VersionedAnswers(10);
    kept.set("a", 1, "aaaa");
    expect(kept.get("a", 1)).toBe("aaaa");
    expect(kept.get("a", 2)).toBeUndefined();
    kept.set("b", 1, "bbbb");
    expect(kept.get("a", 1)).toBe("aaaa"); // a is now the most recently used
    kept.set("c", 1, "cccc");
    expect(kept.get("b", 1)).toBeUndefined();
    expect(kept.get("a", 1)).toBe("aaaa");
    expect(kept.chars).toBe(8);
    kept.set("a", 2, "aa");
    expect(kept.get("a", 1)).toBeUndefined();
    expect(kept.chars).toBe(6);
    kept.set("huge", 1, "x".repeat(11));
    expect(kept.get("huge", 1)).toBeUndefined();
    expect(kept.chars).toBe(6);
  });
});
