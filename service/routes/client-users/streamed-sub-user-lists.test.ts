import { describe, expect, it } from "vitest";
import { listClientUsersResponse } from "@/lib/api/contract/client-admin";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import { SEND_BATCH, STREAM_BATCH, tagMatches } from "./streamed-sub-user-list";

/**
 * A Master with more Sub-users than an instance keeps is sent its list a batch at a time; every
 * list carries an entity tag, and a read naming the current one is answered `304`.
 */
const svc = serviceForThisFile();
const admin = () => svc.keys["master-admin"];
const MASTER = "cl_demo_northwind";
// Enough for three batches, the last one partly filled.
const GROWN = STREAM_BATCH * 2 + 321;

/** Lists from now on stream above `keepLimit` Sub-users (what is kept already is dropped). */
function keepUpTo(keepLimit: number) {
  svc.service.context.config.subUserListKeepLimit = keepLimit;
  svc.service.context.subUserLists.delete(MASTER);
}

const list = (headers: Record<string, string> = {}) =>
  http(svc.url, "GET", "/client/users", { key: admin(), headers });

/** Sub-users straight in the database, some created in the same microsecond (ties in the order). */
async function grow(count: number, prefix: string) {
  await svc.service.database.pool.query(
    `insert into clients (id, name, parent_id, is_active, created_at)
       select $2 || lpad(n::text, 5, '0'), 'Grown ' || n, $1, n % 9 <> 0,
              timestamptz '2026-01-01' + (n / 3) * interval '1 millisecond'
         from generate_series(1, $3::int) as n`,
    [MASTER, prefix, count],
  );
  await svc.service.database.pool.query(
    `insert into api_keys (id, client_id, label, key_hash, created_at)
       select 'key_' || id, id, 'grown', md5(id), created_at from clients
        where id like $1 || '%' and right(id, 1) in ('1', '4')`,
    [prefix],
  );
  await svc.service.database.pool.query(
    `insert into rate_limits (id, client_id, position, endpoint_key, window_seconds, max_requests)
       select 'rl_' || id, id, 0, '*', 60, 100 from clients where id like $1 || '%' and right(id, 1) = '7'`,
    [prefix],
  );
}

describe("long Sub-user lists", () => {
  it("stream the same answer, byte for byte, as a list held whole", async () => {
    await grow(GROWN, "cl_grown_");
    const whole = await list();
    expect(whole.status).toBe(200);
    keepUpTo(1_000);
    try {
      const streamed = await list();
      expect(streamed.status).toBe(200);
      // Sent in pieces, without a length known in advance.
      expect(streamed.headers.get("content-length")).toBeNull();
      expect(streamed.text).toBe(whole.text);
      expect(streamed.headers.get("etag")).toBe(whole.headers.get("etag"));
      const users = listClientUsersResponse.parse(streamed.body).clientUsers;
      expect(users.length).toBe(GROWN + 3);
      expect(new Set(users.map((u) => u.id)).size).toBe(users.length);
      expect(users.find((u) => u.id === "cl_grown_00004")?.apiKeys).toHaveLength(1);
      expect(users.find((u) => u.id === "cl_grown_00007")?.rateLimits).toHaveLength(1);
    } finally {
      keepUpTo(20_000);
    }
  });

  it("send kept entries a batch at a time, the same bytes as the list held whole", async () => {
    const whole = await list();
    keepUpTo(1_000);
    svc.service.context.config.subUserListSendBatch = 300;
    try {
      const built = await list();
      // The entries are kept now: this answer is read from them, five batches and a part.
      const kept = await list();
      expect(built.text).toBe(whole.text);
      expect(kept.text).toBe(whole.text);
      const rows = await svc.service.database.pool.query<{ n: string }>(
        "select count(*) as n from sub_user_list_entries where master_client_id = $1",
        [MASTER],
      );
      expect(Number(rows.rows[0]!.n)).toBe(GROWN + 3);
    } finally {
      svc.service.context.config.subUserListSendBatch = SEND_BATCH;
      keepUpTo(20_000);
    }
  });

  it("streams while Sub-users are added, each entry once", async () => {
    keepUpTo(1_000);
    try {
      // The list's call ends when its answer starts (a Master's calls are taken one at a time);
      // its body is still being read and sent while the Sub-users are created.
      const response = await fetch(`${svc.url}/client/users`, {
        headers: { "X-Api-Key": admin() },
      });
      expect(response.status).toBe(200);
      for (let i = 0; i < 5; i++) {
        const created = await http(svc.url, "POST", "/client/users", {
          key: admin(),
          body: { name: `Meanwhile ${i}` },
        });
        expect(created.status).toBe(200);
      }
      const streamed = { body: await response.json() };
      const ids = listClientUsersResponse.parse(streamed.body).clientUsers.map((u) => u.id);
      expect(new Set(ids).size).toBe(ids.length);
      const after = listClientUsersResponse.parse((await list()).body).clientUsers;
      expect(after.filter((u) => u.name?.startsWith("Meanwhile "))).toHaveLength(5);
    } finally {
      keepUpTo(20_000);
    }
  });

  it("answer 304 to the current tag, and 200 with a new tag once anything changed", async () => {
    for (const keepLimit of [20_000, 1_000]) {
      keepUpTo(keepLimit);
      const first = await list();
      const tag = first.headers.get("etag")!;
      expect(tag).toMatch(/^"sul-[A-Za-z0-9_-]+-\d+"$/);
      for (const ifNoneMatch of [tag, `W/${tag}`, `"other", ${tag}`, "*"]) {
        const again = await list({ "If-None-Match": ifNoneMatch });
        expect(again.status).toBe(304);
        expect(again.text).toBe("");
        expect(again.headers.get("etag")).toBe(tag);
      }
      expect((await list({ "If-None-Match": '"sul-other-1"' })).status).toBe(200);
      const someone = listClientUsersResponse.parse(first.body).clientUsers.at(-1)!;
      const renamed = await http(svc.url, "PATCH", `/client/users/${someone.id}`, {
        key: admin(),
        body: { name: `Renamed at ${keepLimit}` },
        idempotencyKey: crypto.randomUUID(),
      });
      expect(renamed.status).toBe(200);
      const changed = await list({ "If-None-Match": tag });
      expect(changed.status).toBe(200);
      expect(changed.headers.get("etag")).not.toBe(tag);
      expect(changed.text).toContain(`Renamed at ${keepLimit}`);
    }
    keepUpTo(20_000);
  });

  it("never takes another Master's tag for its own list", async () => {
    const mine = (await list()).headers.get("etag")!;
    const other = await http(svc.url, "GET", "/client/users", {
      key: svc.keys.beneficiary,
      headers: { "If-None-Match": mine },
    });
    expect(other.status).toBe(200);
    expect(other.headers.get("etag")).not.toBe(mine);
  });

  it("reads If-None-Match as HTTP writes it", () => {
    expect(tagMatches(undefined, '"a"')).toBe(false);
    expect(tagMatches('"a"', '"a"')).toBe(true);
    expect(tagMatches('W/"a"', '"a"')).toBe(true);
    expect(tagMatches('"b" , "a"', '"a"')).toBe(true);
    expect(tagMatches('"ab"', '"a"')).toBe(false);
  });

  it("keeps the entries: patched for a few changes on any instance, rebuilt for many", async () => {
    keepUpTo(1_000);
    const sibling = await svc.startSibling();
    sibling.context.config.subUserListKeepLimit = 1_000;
    const kept = async () =>
      (
        await svc.service.database.pool.query<{ n: number; at: string }>(
          `select (select count(*)::int from sub_user_list_entries where master_client_id = $1) as n,
                  (select version::text from sub_user_list_entries_at where master_client_id = $1) as at`,
          [MASTER],
        )
      ).rows[0]!;
    try {
      const first = await list();
      const before = await kept();
      expect(before.n).toBe(listClientUsersResponse.parse(first.body).clientUsers.length);
      // A rename through the other instance: the next read here patches that one entry.
      const renamed = await http(sibling.url, "PATCH", "/client/users/cl_grown_00010", {
        key: admin(),
        body: { name: "Patched on the sibling" },
        idempotencyKey: crypto.randomUUID(),
      });
      expect(renamed.status).toBe(200);
      const patched = await list();
      expect(patched.text).toContain("Patched on the sibling");
      expect(Number((await kept()).at)).toBeGreaterThan(Number(before.at));
      // One moved to another Master leaves the list.
      await svc.service.database.pool.query(
        "update clients set parent_id = 'cl_demo_beneficiary' where id = 'cl_grown_00011'",
      );
      const moved = listClientUsersResponse.parse((await list()).body).clientUsers;
      expect(moved.some((u) => u.id === "cl_grown_00011")).toBe(false);
      // Many changed at once: built again, the same as a list built whole.
      await svc.service.database.pool.query(
        "update clients set name = name || ' (renamed)' where id like 'cl_grown_0%' and parent_id = $1",
        [MASTER],
      );
      const rebuilt = await list();
      keepUpTo(20_000);
      const whole = await list();
      expect(rebuilt.text).toBe(whole.text);
      expect(rebuilt.text).toContain("(renamed)");
      // And read again from what was kept, unchanged.
      keepUpTo(1_000);
      expect((await list()).text).toBe(whole.text);
    } finally {
      keepUpTo(20_000);
      await sibling.stop();
    }
  });

  it("gives every reader the same list when instances read and change it at once", async () => {
    keepUpTo(1_000);
    const sibling = await svc.startSibling();
    sibling.context.config.subUserListKeepLimit = 1_000;
    try {
      const renames = Array.from({ length: 6 }, (_, i) => i);
      const reads = await Promise.all([
        ...renames.map((i) =>
          http([svc.url, sibling.url][i % 2]!, "PATCH", `/client/users/cl_grown_0010${i}`, {
            key: admin(),
            body: { name: `At once ${i}` },
            idempotencyKey: crypto.randomUUID(),
          }),
        ),
        ...[svc.url, sibling.url, svc.url, sibling.url].map((url) =>
          http(url, "GET", "/client/users", { key: admin() }),
        ),
      ]);
      // A Master's calls are taken one at a time: some were refused and are sent again.
      for (const [i, r] of reads.slice(0, 6).entries())
        if (r.status !== 200)
          expect(
            (
              await http(svc.url, "PATCH", `/client/users/cl_grown_0010${i}`, {
                key: admin(),
                body: { name: `At once ${i}` },
                idempotencyKey: crypto.randomUUID(),
              })
            ).status,
          ).toBe(200);
      const [here, there] = [
        await list(),
        await http(sibling.url, "GET", "/client/users", { key: admin() }),
      ];
      keepUpTo(20_000);
      const whole = await list();
      expect(here.text).toBe(whole.text);
      expect(there.text).toBe(whole.text);
      for (const i of renames) expect(whole.text).toContain(`At once ${i}`);
    } finally {
      keepUpTo(20_000);
      await sibling.stop();
    }
  });
});
