import { describe, expect, it } from "vitest";
import { bindApi, type ServiceApi, ServiceTransport } from "@/lib/api/client";
import { getStore } from "@/lib/store/db";
import { consoleStoreForThisFile } from "@/test/support/console-store";
import { searchDiffers } from "@/test/support/sub-user-search";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import {
  changeIndexedSubUser,
  indexedSubUser,
  indexSubUser,
  refreshedSubUsers,
  refreshSubUsers,
  reorderAfter,
  SEARCH_COUNT_LIMIT,
  subUsersPage,
} from "./sub-user-index";

/**
 * The red team's findings against the console's Sub-user index, each kept as a test: a refresh
 * that outlives its lease, the console's own writes at once, the Master indexed as its own
 * Sub-user, and a capped search's last pages.
 */
consoleStoreForThisFile();
const svc = serviceForThisFile();
const MASTER = "cl_demo_northwind";
const admin = () => svc.keys["master-admin"];
const api = () => bindApi(new ServiceTransport({ baseUrl: svc.url }), admin());
const everything = { q: "", status: "all", sort: "name-asc", page: 1 } as const;

/** The list is read from the service at once; its items reach the index only when the test says. */
function gated(gate: Promise<void>, feedFirst: boolean, fed: () => void = () => {}): ServiceApi {
  const real = api();
  return {
    ...real,
    listClientUsers: async (...[input, options]: Parameters<ServiceApi["listClientUsers"]>) => {
      const buffer: unknown[] = [];
      const answer = await real.listClientUsers(input, {
        ...options,
        stream: { list: options!.stream!.list, onItems: (items) => void buffer.push(...items) },
      });
      if (feedFirst) {
        await options!.stream!.onItems(buffer);
        fed();
        await gate;
      } else {
        await gate;
        await options!.stream!.onItems(buffer);
      }
      return answer;
    },
  };
}

describe("the Sub-user index under races", () => {
  it("writes nothing of a refresh that outlived its lease", async () => {
    // More Sub-users than a write batch (1,000), so a refresh writes while its list arrives.
    await svc.service.database.pool.query(
      `insert into clients (id, name, parent_id, created_at)
         select 'cl_lo_' || lpad(n::text, 5, '0'), 'LO ' || n, $1,
                timestamptz '2000-01-01' + n * interval '1 second'
           from generate_series(1, 1100) as n`,
      [MASTER],
    );
    expect(await refreshSubUsers(api(), MASTER)).toBe("refreshed");
    const rename = (name: string) =>
      http(svc.url, "PATCH", "/client/users/cl_lo_00007", {
        key: admin(),
        body: { name },
        idempotencyKey: crypto.randomUUID(),
      });
    expect((await rename("Version one")).status).toBe(200);

    // A reads the list (Version one), then stalls before writing it; its lease runs out.
    let openA!: () => void;
    const gateA = new Promise<void>((resolve) => (openA = resolve));
    const a = refreshSubUsers(gated(gateA, false), MASTER);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const db = await getStore();
    await db.$client.query(
      "update console_sub_user_lists set leased_until = now() - interval '1 second' where master_id = $1",
      [MASTER],
    );
    expect((await rename("Version two")).status).toBe(200);
    const made = await http<{ id: string }>(svc.url, "POST", "/client/users", {
      key: admin(),
      body: { name: "Made meanwhile" },
    });

    // B takes the lease over and writes the current list.
    let openB!: () => void;
    const gateB = new Promise<void>((resolve) => (openB = resolve));
    let fedB!: () => void;
    const bFed = new Promise<void>((resolve) => (fedB = resolve));
    const b = refreshSubUsers(gated(gateB, true, fedB), MASTER);
    await bFed;
    openA();
    await expect(a).rejects.toThrow(/lost its lease/);
    openB();
    expect(await b).toBe("refreshed");
    await refreshedSubUsers(api(), MASTER);
    expect((await indexedSubUser(MASTER, "cl_lo_00007"))?.name).toBe("Version two");
    expect(await indexedSubUser(MASTER, made.body.id)).toBeDefined();
  }, 60_000);

  it("waits for a refresh under way when asked for one, and says busy past its wait", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let reading!: () => void;
    const leased = new Promise<void>((resolve) => (reading = resolve));
    // Another instance's round: it reads the list (so holds the lease) until the gate opens.
    const held = gated(gate, false);
    const round = refreshSubUsers(
      {
        ...held,
        listClientUsers: (...args: Parameters<ServiceApi["listClientUsers"]>) => {
          reading();
          return held.listClientUsers(...args);
        },
      },
      MASTER,
      // Read whole: the list may be unchanged since the test before, and a 304 ends the round
      // before it reads anything.
      { conditional: false },
    );
    try {
      await leased;
      expect(await refreshedSubUsers(api(), MASTER, 300)).toBe("busy");
      const asked = refreshedSubUsers(api(), MASTER, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 600));
      open();
      expect(await round).toBe("refreshed");
      // Taken after the round ended: not modified since, or read again, but never "busy".
      expect(["refreshed", "unchanged"]).toContain(await asked);
    } finally {
      open();
      await round.catch(() => undefined);
    }
  }, 60_000);

  it("keeps both of two own changes made at once", async () => {
    const made = await http<{ id: string }>(svc.url, "POST", "/client/users", {
      key: admin(),
      body: { name: "Old name" },
    });
    await indexSubUser(MASTER, made.body as never);
    const issue = () =>
      http<{ apiKey: { id: string; label: string | null; createdAt: string } }>(
        svc.url,
        "POST",
        `/client/users/${made.body.id}/keys`,
        { key: admin(), body: {} },
      );
    for (let i = 0; i < 5; i++) {
      // A key issued, then a rename whose answer (read after it) lists it; applied in either order.
      const key = await issue();
      const renamed = await http<Record<string, unknown>>(
        svc.url,
        "PATCH",
        `/client/users/${made.body.id}`,
        { key: admin(), body: { name: `New name ${i}` }, idempotencyKey: crypto.randomUUID() },
      );
      await Promise.all([
        changeIndexedSubUser(MASTER, made.body.id, {
          keyIssued: { ...key.body.apiKey, isActive: true },
        }),
        indexSubUser(MASTER, renamed.body as never),
      ]);
      const indexed = (await indexedSubUser(MASTER, made.body.id))!;
      expect(indexed.name).toBe(`New name ${i}`);
      expect(indexed.apiKeys?.map((k) => k.id)).toContain(key.body.apiKey.id);
    }
    const [k1, k2] = [await issue(), await issue()];
    await Promise.all(
      [k1, k2].map((k) =>
        changeIndexedSubUser(MASTER, made.body.id, {
          keyIssued: { ...k.body.apiKey, isActive: true },
        }),
      ),
    );
    const keys = (await indexedSubUser(MASTER, made.body.id))!.apiKeys!.map((k) => k.id);
    expect(keys).toEqual(expect.arrayContaining([k1.body.apiKey.id, k2.body.apiKey.id]));
    // The key count follows the keys; a key noted twice is there once.
    await changeIndexedSubUser(MASTER, made.body.id, {
      keyIssued: { ...k1.body.apiKey, isActive: true },
    });
    const row = (await subUsersPage(MASTER, { ...everything, q: "new name 4" })).items[0]!;
    expect(row.keyCount).toBe((await indexedSubUser(MASTER, made.body.id))!.apiKeys!.length);
    expect(row.keyCount).toBe(1 + 5 + 2);
  });

  it("never takes the Master for one of its own Sub-users", async () => {
    await refreshedSubUsers(api(), MASTER);
    const before = await subUsersPage(MASTER, everything);
    // The service lets a Master rename itself through the Sub-user call.
    const res = await http<Record<string, unknown>>(svc.url, "PATCH", `/client/users/${MASTER}`, {
      key: admin(),
      body: { name: "Northwind (renamed)" },
      idempotencyKey: crypto.randomUUID(),
    });
    expect(res.status).toBe(200);
    await indexSubUser(MASTER, res.body as never);
    await indexSubUser(MASTER, { id: "cl_elsewhere", name: "Another's", parentId: "cl_x" });
    const after = await subUsersPage(MASTER, everything);
    expect(after.total).toBe(before.total);
    expect(await indexedSubUser(MASTER, MASTER)).toBeUndefined();
    expect(await indexedSubUser(MASTER, "cl_elsewhere")).toBeUndefined();
  });

  it("loses none of the console's writes made while a refresh rewrites the search in order", async () => {
    const db = await getStore();
    await refreshedSubUsers(api(), MASTER);
    const [list] = (
      await db.$client.query<{ unordered: number; total: number }>(
        "select unordered, total from console_sub_user_lists where master_id = $1",
        [MASTER],
      )
    ).rows;
    await svc.service.database.pool.query(
      `insert into clients (id, name, parent_id, created_at)
         select 'cl_ro_' || lpad(n::text, 5, '0'), 'Reihe ' || (5000 - n), $1, now()
           from generate_series(1, $2::int) as n`,
      [MASTER, reorderAfter(list!.total) - list!.unordered + 500],
    );
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let fed!: () => void;
    const listed = new Promise<void>((resolve) => (fed = resolve));
    let done = false;
    const refreshing = refreshSubUsers(gated(gate, true, fed), MASTER).finally(() => (done = true));
    await listed;
    // New Sub-users and renames of listed ones, two at a time: one pair while the refresh waits
    // at the gate, then pairs until it is over (its last writes, the rewrite in order, the
    // removals). The first of those starts before it can be: a pair may wait out the rewrite.
    let n = 0;
    const write = async () => {
      n++;
      await Promise.all([
        indexSubUser(MASTER, { id: `cl_par_${n}`, name: `Parallel ${n}`, isActive: true }),
        indexSubUser(MASTER, {
          id: `cl_ro_${String(n).padStart(5, "0")}`,
          name: `Umbenannt ${n}`,
          isActive: true,
        }),
      ]);
    };
    await write();
    open();
    while (!done) await write();
    expect(await refreshing).toBe("refreshed");
    expect(n).toBeGreaterThan(1);
    const found = async (q: string) => (await subUsersPage(MASTER, { ...everything, q })).matched;
    expect(await found("parallel ")).toBe(n);
    expect(await found("umbenannt ")).toBe(n);
    expect(await searchDiffers()).toBe(0);
  });

  it("pages a search matching more than its bound through its first matches, in order", async () => {
    const db = await getStore();
    await db.$client.query(
      `insert into console_sub_users (master_id, sub_user_id, name, name_key, haystack, is_active, entry)
         select 'cl_many', 'cl_m' || lpad(n::text, 5, '0'), 'Filiale ' || n, 'filiale ' || lpad(n::text, 12, '0'),
                'filiale ' || n || chr(10) || 'cl_m' || lpad(n::text, 5, '0'), true,
                jsonb_build_object('id', 'cl_m' || n)
           from generate_series(1, 5000) as n`,
    );
    const search = { ...everything, q: "filiale" };
    const first = await subUsersPage("cl_many", search);
    expect(first).toMatchObject({ matched: SEARCH_COUNT_LIMIT, more: true, pages: 20 });
    const shown: string[] = [];
    for (let page = 1; page <= first.pages; page++)
      shown.push(...(await subUsersPage("cl_many", { ...search, page })).items.map((r) => r.id));
    expect(shown).toEqual(
      Array.from({ length: SEARCH_COUNT_LIMIT }, (_, i) => `cl_m${String(i + 1).padStart(5, "0")}`),
    );
  });
});
