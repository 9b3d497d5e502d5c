import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listClientUsersResponse } from "@/lib/api/contract/client-admin";
import { schema } from "@/service/db/database";
import { hashApiKey } from "@/service/domain/api-keys";
import { subUserListRows } from "@/service/domain/clients";
import { VersionedAnswers } from "@/service/pipeline/versioned-answers";
import { ListBuilds } from "./list-builds";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import { toClientUserList } from "./client-user.representation";

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

/** The list as an instance that kept nothing builds it, read whole from the database now. */
async function builtAfresh() {
  const conn = await svc.service.database.pool.connect();
  try {
    return JSON.stringify({
      clientUsers: toClientUserList(await subUserListRows(conn, MASTER), MASTER),
    });
  } finally {
    conn.release();
  }
}

async function versionOf(masterId = MASTER) {
  const [row] = await svc.service.database.db
    .select({ version: schema.subUserListVersions.version })
    .from(schema.subUserListVersions)
    .where(eq(schema.subUserListVersions.masterClientId, masterId));
  return row?.version ?? 0;
}

describe("lists built at once", () => {
  it("are built one turn at a time beyond the bound, and every caller is answered", async () => {
    svc.service.context.listBuilds = new ListBuilds(1);
    svc.service.context.subUserLists.delete(MASTER);
    // Several Clients at once (a Client's own calls are taken one at a time anyway).
    const keys = ["master-admin", "beneficiary", "dealer"] as const;
    const answers = await Promise.all(
      keys.map((k) => http(svc.url, "GET", "/client/users", { key: svc.keys[k] })),
    );
    expect(answers.map((a) => a.status)).toEqual(keys.map(() => 200));
    expect(svc.service.context.listBuilds.busiest).toBe(1);
    expect(svc.service.context.listBuilds.begun).toBeGreaterThanOrEqual(keys.length);
    svc.service.context.listBuilds = new ListBuilds(2);
  });
});

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
    // Kept as its body and its entries, counted at two bytes a character each.
    expect(sibling.context.subUserLists.chars).toBe(4 * first.text.length);
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
      const patches = sibling.context.subUserLists.patches;
      await change();
      expect(await versionOf(), what).toBeGreaterThan(version);
      const read = await listOn(sibling.url);
      // Brought up to date from the kept list, reading only the changed Sub-user, and the same,
      // byte for byte, as the whole list built again.
      expect(sibling.context.subUserLists.patches, what).toBe(patches + 1);
      expect(read.text, what).toBe(await builtAfresh());
      const after = read.users.find((u) => u.id === id)!;
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

  it("take Sub-users added, removed and changed in the database in the list's order", async () => {
    const { pool } = svc.service.database;
    const sibling = await svc.startSibling();
    await listOn(sibling.url);
    const oldest = (await listOn(sibling.url)).users[0]!;
    const patches = sibling.context.subUserLists.patches;
    const steps: [string, string, unknown[]][] = [
      [
        "two Sub-users created at the same moment, in the middle of the list",
        `insert into clients (id, name, parent_id, created_at, updated_at)
         select id, 'Kept ' || id, $1, c.created_at + interval '1 microsecond', now()
           from (values ('cl_kept_b'), ('cl_kept_a')) as v(id),
                (select created_at from clients where id = $2) as c`,
        [MASTER, oldest.id],
      ],
      ["one of them removed", `delete from clients where id = 'cl_kept_b'`, []],
      [
        "the other and the oldest renamed in one statement",
        `update clients set name = name || ' (renamed)' where id in ('cl_kept_a', $1)`,
        [oldest.id],
      ],
      [
        "a Sub-user made another Master's",
        `update clients set parent_id = 'cl_demo_sonnenschein' where id = 'cl_kept_a'`,
        [],
      ],
      [
        "the oldest's name back",
        `update clients set name = left(name, -length(' (renamed)')) where id = $1`,
        [oldest.id],
      ],
    ];
    for (const [what, statement, values] of steps) {
      await pool.query(statement, values);
      const read = await listOn(sibling.url);
      expect(read.text, what).toBe(await builtAfresh());
    }
    expect(sibling.context.subUserLists.patches).toBe(patches + steps.length);
    const ids = (await listOn(sibling.url)).users.map((u) => u.id);
    expect(ids).not.toContain("cl_kept_a");
    expect(ids).not.toContain("cl_kept_b");
  });

  it("move once per transaction, however many Sub-users and statements it changes", async () => {
    const { pool } = svc.service.database;
    const before = await versionOf();
    const conn = await pool.connect();
    try {
      await conn.query("BEGIN");
      for (const id of ["cl_demo_berlin", "cl_demo_hamburg", "cl_demo_berlin"])
        await conn.query("update clients set name = name || '.' where id = $1", [id]);
      await conn.query("COMMIT");
    } finally {
      conn.release();
    }
    const after = await versionOf();
    expect(after).toBeGreaterThan(before);
    const { rows } = await pool.query<{ client_id: string; version: string }>(
      `select client_id, version from sub_user_list_changes
        where master_client_id = $1 and version > $2 order by client_id`,
      [MASTER, before],
    );
    expect(rows.map((r) => [r.client_id, Number(r.version)])).toEqual([
      ["cl_demo_berlin", after],
      ["cl_demo_hamburg", after],
    ]);
    await pool.query(
      "update clients set name = rtrim(name, '.') where id in ('cl_demo_berlin', 'cl_demo_hamburg')",
    );
  });

  it("are read again whole when many Sub-users changed at once", async () => {
    const sibling = await svc.startSibling();
    await listOn(sibling.url);
    const patches = sibling.context.subUserLists.patches;
    await svc.service.database.pool.query(
      `insert into clients (id, name, parent_id)
       select 'cl_kept_many_' || n, 'Kept many ' || n, $1 from generate_series(1, 501) as n`,
      [MASTER],
    );
    const read = await listOn(sibling.url);
    expect(sibling.context.subUserLists.patches).toBe(patches);
    expect(read.text).toBe(await builtAfresh());
    expect(read.users.filter((u) => u.id.startsWith("cl_kept_many_"))).toHaveLength(501);
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
  it("keeps each answer with its version and stays within its bound", () => {
    const kept = new VersionedAnswers(10);
    const answer = (version: number, body: string) => ({ version, body, parts: undefined });
    const bodyOf = (key: string) => kept.peek(key)?.body;
    kept.set("a", answer(1, "aaaa"));
    expect(kept.peek("a")).toEqual(answer(1, "aaaa"));
    kept.set("b", answer(1, "bbbb"));
    expect(bodyOf("a")).toBe("aaaa"); // a is now the most recently used
    kept.set("c", answer(1, "cccc"));
    expect(bodyOf("b")).toBeUndefined();
    expect(bodyOf("a")).toBe("aaaa");
    expect(kept.chars).toBe(8);
    kept.set("a", answer(2, "aa"));
    expect(kept.peek("a")?.version).toBe(2);
    expect(kept.chars).toBe(6);
    kept.set("huge", answer(1, "x".repeat(11)));
    expect(kept.peek("huge")).toBeUndefined();
    expect(kept.chars).toBe(6);
    // An answer counts the characters it declares: a body of 2 held as 3 (with its parts).
    kept.set("d", answer(1, "dd"), 3);
    expect(kept.chars).toBe(9);
    expect(bodyOf("c")).toBe("cccc");
  });
});
