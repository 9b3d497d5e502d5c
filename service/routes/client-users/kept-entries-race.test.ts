import { describe, expect, it } from "vitest";
import type pg from "pg";
import { listClientUsersResponse } from "@/lib/api/contract/client-admin";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile();
const admin = () => svc.keys["master-admin"];
const MASTER = "cl_demo_northwind";
const OTHER = "cl_demo_sonnenschein";
const Y = "cl_rt_00005";

const ids = (body: unknown) => listClientUsersResponse.parse(body).clientUsers.map((u) => u.id);

/**
 * A long list's entries are kept in PostgreSQL. An instance that read a batch before a Sub-user
 * moved to another Master, and writes it after a newer reader built the list without it, must
 * not put its entry back (found by the red team: it stayed under the current ETag).
 */
describe("kept entries of a long list", () => {
  it("never bring back a Sub-user moved to another Master", async () => {
    const pool = svc.service.database.pool;
    const other = await pool.query("select id, parent_id from clients where id = $1", [OTHER]);
    expect(other.rows[0]?.parent_id).toBeNull();
    // 2,100 Sub-users: two batches of the building stream, Y in the first.
    await pool.query(
      `insert into clients (id, name, parent_id, created_at)
         select 'cl_rt_' || lpad(n::text, 5, '0'), 'RT ' || n, $1,
                timestamptz '2000-01-01' + n * interval '1 millisecond'
           from generate_series(1, 2100) as n`,
      [MASTER],
    );
    const sibling = await svc.startSibling();
    svc.service.context.config.subUserListKeepLimit = 1_000;
    sibling.context.config.subUserListKeepLimit = 1_000;

    // Instance A's database is slow once: the first write of kept entries waits (a pause between
    // reading a batch and writing it, as GC, load or a slow disk make one).
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const atGate = new Promise<void>((r) => (reached = r));
    let armed = true;
    let insertsOnA = 0;
    const patched = new WeakSet<object>();
    const origConnect = pool.connect.bind(pool) as (...a: unknown[]) => Promise<pg.PoolClient>;
    (pool as unknown as { connect: unknown }).connect = (...args: unknown[]) => {
      if (args.length) return origConnect(...args); // pool.query's own callback form
      return wrapped();
    };
    const wrapped = async () => {
      const conn = await origConnect();
      if (!patched.has(conn)) {
        patched.add(conn);
        const q = conn.query.bind(conn) as (...a: unknown[]) => Promise<unknown>;
        (conn as unknown as { query: unknown }).query = async (...a: unknown[]) => {
          const text = typeof a[0] === "string" ? a[0] : (a[0] as { text: string }).text;
          if (text.includes("insert into sub_user_list_entries (")) {
            insertsOnA++;
            if (armed) {
              armed = false;
              reached();
              await gate;
            }
          }
          return q(...a);
        };
      }
      return conn;
    };

    // A: the first long read of the list (nothing kept yet): built as it is sent.
    const abort = new AbortController();
    const aResponse = fetch(`${svc.url}/client/users`, {
      headers: { "X-Api-Key": admin() },
      signal: abort.signal,
    })
      .then(async (a) => {
        await a.body!.getReader().read();
      })
      .catch(() => undefined);
    // A read its first batch (Y in it), and waits to write it.
    await atGate;

    // Y moves to another Master.
    await pool.query("update clients set parent_id = $2 where id = $1", [Y, OTHER]);

    // B: the list read on the other instance, whole: built at the new version, without Y.
    const b = await http(sibling.url, "GET", "/client/users", { key: admin() });
    expect(b.status).toBe(200);
    expect(ids(b.body)).not.toContain(Y);
    const tag = b.headers.get("etag");

    // A's reader goes away (a console timed out); A's pending write goes on.
    abort.abort();
    await new Promise((r) => setTimeout(r, 200));
    release();
    await new Promise((r) => setTimeout(r, 1_000));
    await aResponse;
    expect(insertsOnA).toBeGreaterThan(0);

    const kept = await pool.query(
      "select e.version::text v, (select version::text from sub_user_list_entries_at where master_client_id = $1) at from sub_user_list_entries e where master_client_id = $1 and client_id = $2",
      [MASTER, Y],
    );
    expect(kept.rows).toEqual([]);

    // Read again on both instances: the version did not move, the list is the kept one.
    for (const url of [svc.url, sibling.url]) {
      const again = await http(url, "GET", "/client/users", { key: admin() });
      expect(again.headers.get("etag")).toBe(tag);
      expect(ids(again.body)).not.toContain(Y);
    }
    // A later, unrelated change: the list is patched (one entry), Y is still there.
    const renamed = await http(svc.url, "PATCH", "/client/users/cl_rt_00100", {
      key: admin(),
      body: { name: "Unrelated" },
      idempotencyKey: crypto.randomUUID(),
    });
    expect(renamed.status).toBe(200);
    const later = await http(sibling.url, "GET", "/client/users", { key: admin() });
    expect(ids(later.body)).not.toContain(Y);
    const ofOther = await http(svc.url, "GET", "/client/users", { key: svc.keys.beneficiary });
    expect(ids(ofOther.body)).toContain(Y);
    // What the list should be: built whole from the database.
    svc.service.context.config.subUserListKeepLimit = 20_000;
    const whole = await http(svc.url, "GET", "/client/users", { key: admin() });
    expect(ids(whole.body)).not.toContain(Y);
    expect(ids(later.body)).not.toContain(Y);
    svc.service.context.config.subUserListKeepLimit = 20_000;
    await sibling.stop();
  }, 120_000);
});
