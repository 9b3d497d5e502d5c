import { describe, expect, it, vi } from "vitest";
import { bindApi, type ServiceApi, ServiceTransport } from "@/lib/api/client";
import { closeStore, getStore } from "@/lib/store/db";
import { consoleStoreForThisFile } from "@/test/support/console-store";
import { searchDiffers } from "@/test/support/sub-user-search";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import {
  ensureSubUsers,
  indexedSubUser,
  indexSubUser,
  LeaseLostError,
  SEARCH_COUNT_LIMIT,
  SORTED_SEARCH_LIMIT,
  noteSubUserUsage,
  refreshSubUsers,
  reorderAfter,
  subUserNames,
  subUsersDueForReading,
  subUsersPage,
  subUsersRefreshedAt,
} from "./sub-user-index";
import { PAGE_SIZE, type SubUsersListParams } from "./sub-user-rows";

/**
 * The console's index of a Master's Sub-users, against a real service and the console's store:
 * refreshed from the list, written by the console's own changes, read a page at a time in SQL.
 */
consoleStoreForThisFile();
const svc = serviceForThisFile();
const MASTER = "cl_demo_northwind";
const api = () => bindApi(new ServiceTransport({ baseUrl: svc.url }), svc.keys["master-admin"]);
const params = (p: Partial<SubUsersListParams> = {}): SubUsersListParams => ({
  q: "",
  status: "all",
  sort: "name-asc",
  page: 1,
  ...p,
});

/** Sub-users straight in the service's database, as a Master's integration would have made them. */
async function grow(count: number, prefix: string) {
  await svc.service.database.pool.query(
    `insert into clients (id, name, parent_id, is_active, created_at)
       select $2 || lpad(n::text, 5, '0'), 'Werkstatt ' || n || case when n % 2 = 0 then ' Köln' else ' Bonn' end,
              $1, n % 10 <> 0, timestamptz '2026-02-01' + n * interval '1 second'
         from generate_series(1, $3::int) as n`,
    [MASTER, prefix, count],
  );
}

describe("the Sub-user index", () => {
  it("takes the whole list, and pages, searches, filters and sorts it in SQL", async () => {
    await grow(130, "cl_idx_");
    svc.service.context.config.subUserListKeepLimit = 50; // the list arrives streamed
    expect(await refreshSubUsers(api(), MASTER)).toBe("refreshed");
    const first = await subUsersPage(MASTER, params());
    expect(first.total).toBe(133);
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.pages).toBe(3);
    expect(first.refreshedAt).toBeGreaterThan(Date.now() - 60_000);
    // Names order by their numbers' values: Werkstatt 1, 2, … not 1, 10, 100.
    const names = first.items.map((r) => r.name).filter((n) => n?.startsWith("Werkstatt"));
    expect(names.slice(0, 3)).toEqual(["Werkstatt 1 Bonn", "Werkstatt 2 Köln", "Werkstatt 3 Bonn"]);
    const last = await subUsersPage(MASTER, params({ page: 99 }));
    expect(last.page).toBe(3);
    expect(last.items).toHaveLength(133 - 2 * PAGE_SIZE);
    const seen = new Set(
      [first, await subUsersPage(MASTER, params({ page: 2 })), last].flatMap((p) =>
        p.items.map((r) => r.id),
      ),
    );
    expect(seen.size).toBe(133);
    // The last page (read from the other end) continues the order where the one before stopped.
    for (const sort of ["name-asc", "created-desc"] as const) {
      const ids = (
        await Promise.all([1, 2, 3].map((page) => subUsersPage(MASTER, params({ sort, page }))))
      ).flatMap((p) => p.items.map((r) => r.id));
      const whole = await subUsersPage(MASTER, params({ sort, page: 1 }));
      expect(ids.slice(0, 50)).toEqual(whole.items.map((r) => r.id));
      expect(new Set(ids).size).toBe(133);
      const db = await getStore();
      const { rows } = await db.$client.query<{ id: string }>(
        sort === "name-asc"
          ? `select sub_user_id as id from console_sub_users where master_id = $1 order by name_key collate "C", sub_user_id collate "C"`
          : `select sub_user_id as id from console_sub_users where master_id = $1 order by created_at desc, sub_user_id collate "C" desc`,
        [MASTER],
      );
      expect(ids).toEqual(rows.map((r) => r.id));
    }

    const found = await subUsersPage(MASTER, params({ q: "KÖLN" }));
    expect(found.matched).toBe(65);
    expect(
      (await subUsersPage(MASTER, params({ q: "cl_idx_00042" }))).items.map((r) => r.id),
    ).toEqual(["cl_idx_00042"]);
    // A search's wildcards are letters like any other.
    expect((await subUsersPage(MASTER, params({ q: "%" }))).matched).toBe(0);
    expect((await subUsersPage(MASTER, params({ status: "inactive" }))).matched).toBe(13 + 1);
    const oldest = await subUsersPage(MASTER, params({ sort: "created-asc" }));
    expect(oldest.items.slice(0, 2).map((r) => r.id)).toEqual(["cl_idx_00001", "cl_idx_00002"]);
    svc.service.context.config.subUserListKeepLimit = 20_000;
  });

  it("answers unchanged while the list is, and takes a Sub-user made through the API directly", async () => {
    expect(await refreshSubUsers(api(), MASTER)).toBe("unchanged");
    const made = await http<{ id: string }>(svc.url, "POST", "/client/users", {
      key: svc.keys["master-admin"],
      body: { name: "Direkt angelegt" },
    });
    expect((await subUsersPage(MASTER, params({ q: "direkt" }))).matched).toBe(0);
    expect(await refreshSubUsers(api(), MASTER)).toBe("refreshed");
    const page = await subUsersPage(MASTER, params({ q: "direkt" }));
    expect(page.items.map((r) => r.id)).toEqual([made.body.id]);
    expect((await indexedSubUser(MASTER, made.body.id))?.apiKeys).toHaveLength(1);
  });

  it("keeps the index across a restart: the same pages, and no list taken again", async () => {
    const before = await subUsersPage(MASTER, params({ q: "direkt" }));
    const refreshedAt = await subUsersRefreshedAt(MASTER);
    expect(before.matched).toBe(1);
    expect(refreshedAt).not.toBeNull();
    // The console's process gone (its pool closed); the one that starts again reads the store.
    await closeStore();
    const asked = vi.fn();
    const noList = {
      listClientUsers: async () => {
        asked();
        throw new Error("a restarted console asked for the list");
      },
    } as unknown as ServiceApi;
    expect(await ensureSubUsers(noList, MASTER)).toEqual(refreshedAt);
    expect(asked).not.toHaveBeenCalled();
    expect(await subUsersPage(MASTER, params({ q: "direkt" }))).toMatchObject({
      items: before.items,
      matched: 1,
      refreshedAt: refreshedAt!.getTime(),
    });
    expect(await searchDiffers()).toBe(0);
  });

  it("drops a Sub-user the list no longer has", async () => {
    await svc.service.database.pool.query(
      "update clients set parent_id = 'cl_demo_beneficiary' where id = 'cl_idx_00001'",
    );
    await noteSubUserUsage("cl_idx_00001", "warning", new Date());
    const db = await getStore();
    const noted = async () =>
      (
        await db.$client.query(
          "select 1 from console_sub_user_usage where sub_user_id = 'cl_idx_00001'",
        )
      ).rows.length;
    expect(await noted()).toBe(1);
    const before = (await subUsersPage(MASTER, params())).total;
    expect(await refreshSubUsers(api(), MASTER)).toBe("refreshed");
    expect(await indexedSubUser(MASTER, "cl_idx_00001")).toBeUndefined();
    // Its usage note goes with it.
    expect(await noted()).toBe(0);
    expect((await subUsersPage(MASTER, params())).total).toBe(before - 1);
    expect(await searchDiffers()).toBe(0);
  });

  it("lets one refresh of a Master's list run at a time", async () => {
    // Each refresh's list arrives slowly, so all three ask while the first is under way.
    const slowly = (): ServiceApi => {
      const fast = api();
      return {
        ...fast,
        listClientUsers: async (...args: Parameters<ServiceApi["listClientUsers"]>) => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          return fast.listClientUsers(...args);
        },
      };
    };
    const outcomes = await Promise.all([
      refreshSubUsers(slowly(), MASTER, { conditional: false }),
      refreshSubUsers(slowly(), MASTER, { conditional: false }),
      refreshSubUsers(slowly(), MASTER, { conditional: false }),
    ]);
    expect(outcomes.filter((o) => o === "refreshed")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "busy")).toHaveLength(2);
    // The lease is given back: the next refresh runs.
    expect(await refreshSubUsers(api(), MASTER)).toBe("unchanged");
  });

  it("stops a refresh whose lease another took over, changing nothing more", async () => {
    const db = await getStore();
    const before = (await subUsersPage(MASTER, params())).total;
    const fast = api();
    const taken = refreshSubUsers(
      {
        ...fast,
        listClientUsers: async (...args: Parameters<ServiceApi["listClientUsers"]>) => {
          // Meanwhile its lease ran out and another instance took the list over.
          await db.$client.query(
            "update console_sub_user_lists set leased_until = now() + interval '10 minutes' where master_id = $1",
            [MASTER],
          );
          // A row the other refresh wrote, which this one's list lacks: it must not be removed.
          await db.$client.query(
            `insert into console_sub_users (master_id, sub_user_id, name, name_key, haystack, entry) values ($1, 'cl_other_holder', 'X', 'x', 'x', '{"id": "cl_other_holder"}')`,
            [MASTER],
          );
          return fast.listClientUsers(...args);
        },
      },
      MASTER,
      { conditional: false },
    );
    await expect(taken).rejects.toBeInstanceOf(LeaseLostError);
    expect(await indexedSubUser(MASTER, "cl_other_holder")).toBeDefined();
    // The other holder's lease is left as it is.
    expect(await refreshSubUsers(api(), MASTER)).toBe("busy");
    await db.$client.query(
      "update console_sub_user_lists set leased_until = null where master_id = $1",
      [MASTER],
    );
    await db.$client.query("delete from console_sub_users where sub_user_id = 'cl_other_holder'");
    expect((await subUsersPage(MASTER, params())).total).toBe(before);
  });

  it("takes over a lease its holder left behind", async () => {
    const db = await getStore();
    await db.$client.query(
      "update console_sub_user_lists set leased_until = now() + interval '1 minute' where master_id = $1",
      [MASTER],
    );
    expect(await refreshSubUsers(api(), MASTER)).toBe("busy");
    await db.$client.query(
      "update console_sub_user_lists set leased_until = now() - interval '1 second' where master_id = $1",
      [MASTER],
    );
    expect(await refreshSubUsers(api(), MASTER)).toBe("unchanged");
  });

  it("shows the console's own change at once, and a refresh that began before it keeps it", async () => {
    const user = (await indexedSubUser(MASTER, "cl_idx_00002"))!;
    const total = (await subUsersPage(MASTER, params())).total;
    await indexSubUser(MASTER, { ...user, name: "Umbenannt von der Konsole" });
    // A change is no new Sub-user; one the console created is.
    expect((await subUsersPage(MASTER, params())).total).toBe(total);
    await indexSubUser(MASTER, { id: "cl_made_here", name: "Neu" });
    expect((await subUsersPage(MASTER, params())).total).toBe(total + 1);
    await svc.service.database.pool.query(
      "insert into clients (id, name, parent_id) values ('cl_made_here', 'Neu', $1)",
      [MASTER],
    );
    expect((await subUsersPage(MASTER, params({ q: "umbenannt" }))).matched).toBe(1);
    // The service's list still has the old name (the change above was not sent to it): a refresh
    // that began before the console's write must not put the old name back.
    const db = await getStore();
    await db.$client.query(
      "update console_sub_users set written_at = now() + interval '1 minute' where sub_user_id = 'cl_idx_00002'",
    );
    expect(await refreshSubUsers(api(), MASTER, { conditional: false })).toBe("refreshed");
    expect((await indexedSubUser(MASTER, "cl_idx_00002"))?.name).toBe("Umbenannt von der Konsole");
    // One written before the refresh began is the service's again.
    await db.$client.query(
      "update console_sub_users set written_at = now() - interval '1 minute' where sub_user_id = 'cl_idx_00002'",
    );
    expect(await refreshSubUsers(api(), MASTER, { conditional: false })).toBe("refreshed");
    expect((await indexedSubUser(MASTER, "cl_idx_00002"))?.name).toBe("Werkstatt 2 Köln");
  });

  it("never stores a key's plaintext", async () => {
    const user = (await indexedSubUser(MASTER, "cl_idx_00003"))!;
    await indexSubUser(MASTER, {
      ...user,
      apiKeys: [{ id: "key_x", label: null, key: "svc_live_secret", createdAt: user.createdAt }],
      apiKey: { key: "svc_live_secret2" },
    } as never);
    const db = await getStore();
    const { rows } = await db.$client.query(
      "select entry::text as e from console_sub_users where sub_user_id = 'cl_idx_00003'",
    );
    expect(rows[0].e).toContain("key_x");
    expect(rows[0].e).not.toContain("svc_live_secret");
  });

  it("keeps each Sub-user's latest usage flag, filtered by and read least recently first", async () => {
    await noteSubUserUsage("cl_idx_00004", "warning", new Date());
    await noteSubUserUsage("cl_idx_00004", null, new Date(Date.now() - 3_600_000));
    const near = await subUsersPage(MASTER, params({ status: "near-quota" }));
    expect(near.items.map((r) => [r.id, r.usage?.flag])).toEqual([["cl_idx_00004", "warning"]]);
    const due = await subUsersDueForReading(MASTER, 500);
    expect(due.at(-1)).toBe("cl_idx_00004");
    expect(due).not.toContain("cl_idx_00010"); // deactivated
  });

  it("names only this Master's Sub-users", async () => {
    const names = await subUserNames(MASTER, ["cl_idx_00005", "cl_demo_beneficiary", "cl_nope"]);
    expect([...names]).toEqual([["cl_idx_00005", "Werkstatt 5 Bonn"]]);
    expect((await subUserNames("cl_other_master", ["cl_idx_00005"])).size).toBe(0);
    expect((await subUsersPage("cl_other_master", params())).total).toBe(0);
  });

  it("takes a search's %, _ and \\ literally", async () => {
    const named = [
      "Rabatt 50% Nord",
      "Rabatt 500 Nord",
      "Lager_Ost",
      "Lager-Ost",
      "Pfad\\A",
      "PfadxA",
    ];
    for (const [i, name] of named.entries())
      await indexSubUser("cl_literal", { id: `cl_lit_${i}`, name, isActive: true });
    const found = async (q: string) =>
      (await subUsersPage("cl_literal", params({ q }))).items.map((r) => r.name);
    expect(await found("50%")).toEqual(["Rabatt 50% Nord"]);
    expect(await found("r_o")).toEqual(["Lager_Ost"]);
    expect(await found("d\\a")).toEqual(["Pfad\\A"]);
    expect(await found("lit_1")).toEqual(["Rabatt 500 Nord"]);
    expect(await found("lit%1")).toEqual([]);
  });

  it("counts a search's matches up to its bound, and says more match", async () => {
    const db = await getStore();
    await db.$client.query(
      `insert into console_sub_users (master_id, sub_user_id, name, name_key, haystack, is_active, entry)
         select 'cl_many', 'cl_m' || n, 'Filiale ' || n, 'filiale ' || n, 'filiale ' || n || chr(10) || 'cl_m' || n,
                true, jsonb_build_object('id', 'cl_m' || n)
           from generate_series(1, $1::int) as n`,
      [SEARCH_COUNT_LIMIT + 5],
    );
    const many = await subUsersPage("cl_many", params({ q: "filiale" }));
    expect(many).toMatchObject({ matched: SEARCH_COUNT_LIMIT, more: true });
    expect(many.pages).toBe(SEARCH_COUNT_LIMIT / PAGE_SIZE);
    const few = await subUsersPage("cl_many", params({ q: "filiale 100" }));
    expect(few).toMatchObject({ more: false });
    // Filiale 100, 1000 and 1001 to 1005.
    expect(few.matched).toBe(7);
    // A filter without a search is counted exactly.
    expect(await subUsersPage("cl_many", params({ status: "active" }))).toMatchObject({
      matched: SEARCH_COUNT_LIMIT + 5,
      more: false,
    });
  });

  it("pages a search in the list's order, whether it matches few or more than its bound", async () => {
    const db = await getStore();
    // Created in an order of their own, so each sort reads a different sequence.
    await db.$client.query(
      `insert into console_sub_users
              (master_id, sub_user_id, name, name_key, haystack, is_active, created_at, entry)
         select 'cl_order', 'cl_o' || n, 'Lager ' || n, 'lager ' || lpad(n::text, 12, '0'),
                'lager ' || n || chr(10) || 'cl_o' || n, n % 3 <> 0,
                timestamptz '2026-01-01' + ((n * 7) % 1009) * interval '1 minute',
                jsonb_build_object('id', 'cl_o' || n)
           from generate_series(1, $1::int) as n`,
      [SORTED_SEARCH_LIMIT + 9],
    );
    const ORDER_BY = {
      "name-asc": `name_key collate "C", sub_user_id collate "C"`,
      "name-desc": `name_key collate "C" desc, sub_user_id collate "C" desc`,
      "created-asc": `created_at, sub_user_id collate "C"`,
      "created-desc": `created_at desc, sub_user_id collate "C" desc`,
    } as const;
    const expected = async (q: string, status: string, sort: keyof typeof ORDER_BY) =>
      (
        await db.$client.query<{ id: string }>(
          `select sub_user_id as id from console_sub_users
            where master_id = 'cl_order' and haystack like $1 and ($2 = 'all' or not is_active)
            order by ${ORDER_BY[sort]} limit $3`,
          [`%${q}%`, status, SEARCH_COUNT_LIMIT],
        )
      ).rows.map((r) => r.id);
    // Read by their trigrams and sorted: "lager 10" matches 111 (10, 100–109, 1000–1099),
    // "lager 4" 1,111, more than the count's bound. "lager" matches more than the sorted
    // search's bound: the order's index is walked.
    for (const [q, status] of [
      ["lager 10", "all"],
      ["lager 4", "all"],
      ["lager 4", "inactive"],
      ["lager", "all"],
      ["lager", "inactive"],
    ] as const)
      for (const sort of Object.keys(ORDER_BY) as (keyof typeof ORDER_BY)[]) {
        const first = await subUsersPage("cl_order", params({ q, status, sort }));
        const pages = await Promise.all(
          Array.from({ length: first.pages }, (_, i) =>
            subUsersPage("cl_order", params({ q, status, sort, page: i + 1 })),
          ),
        );
        const ids = pages.flatMap((p) => p.items.map((r) => r.id));
        expect(ids, `${q} ${status} ${sort}`).toEqual(await expected(q, status, sort));
        expect(ids.length).toBe(first.matched);
      }
    // Twenty searches read whole, page by page (some 800 pages): 27 s alone on two cores.
  }, 120_000);

  it("tidies its table after a refresh that changed a thousand rows, not after a small one", async () => {
    const db = await getStore();
    const lastVacuum = async () => {
      await db.$client.query("select pg_stat_clear_snapshot()");
      const { rows } = await db.$client.query<{ at: Date | null }>(
        "select last_vacuum as at from pg_stat_user_tables where relname = 'console_sub_users'",
      );
      return rows[0]?.at ?? null;
    };
    const untouched = await lastVacuum();
    await grow(5, "cl_tidy_small_");
    expect(await refreshSubUsers(api(), MASTER)).toBe("refreshed");
    const before = await lastVacuum();
    expect(before).toEqual(untouched);
    await grow(1_000, "cl_tidy_");
    expect(await refreshSubUsers(api(), MASTER)).toBe("refreshed");
    // The refresh does not wait for it.
    await expect
      .poll(async () => (await lastVacuum())?.getTime() ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(before?.getTime() ?? 0);
    // Searches find the new rows by their trigrams at once.
    expect((await subUsersPage(MASTER, params({ q: "cl_tidy_00999" }))).matched).toBe(1);
  });

  it("writes its search rows in name order once a tenth of the list was written since", async () => {
    const db = await getStore();
    const state = async () => {
      const { rows } = await db.$client.query<{ unordered: number; total: number }>(
        "select unordered, total from console_sub_user_lists where master_id = $1",
        [MASTER],
      );
      // Walking the search rows in name order: how often the next lies on another page of the
      // table, against how many pages they fill. Rows in the service's order step almost every
      // time; rows written in name order once a page is full (or where space was left free).
      const { rows: walk } = await db.$client.query<{ steps: number; pages: number }>(
        `select count(*) filter (where page is distinct from prior)::int as steps,
                count(distinct page)::int as pages
           from (select page, lag(page) over (order by name_key collate "C", sub_user_id collate "C") as prior
                   from (select name_key, sub_user_id, (ctid::text::point)[0] as page
                           from console_sub_user_search where master_id = $1) r) w`,
        [MASTER],
      );
      return { ...rows[0]!, ...walk[0]! };
    };
    // Named in an order of their own, not the one they are listed (and written) in.
    const add = (count: number, prefix: string) =>
      svc.service.database.pool.query(
        `insert into clients (id, name, parent_id, created_at)
           select $2 || lpad(n::text, 5, '0'), 'Zeile ' || (n * 7919 % 10007), $1, now()
             from generate_series(1, $3::int) as n`,
        [MASTER, prefix, count],
      );
    await add(30, "cl_ord_small_");
    const before = await state();
    expect(await refreshSubUsers(api(), MASTER)).toBe("refreshed");
    const small = await state();
    expect(small.unordered).toBe(before.unordered + 30);
    await add(reorderAfter(small.total) - small.unordered, "cl_ord_");
    expect(await refreshSubUsers(api(), MASTER)).toBe("refreshed");
    const ordered = await state();
    expect(ordered.unordered).toBe(0);
    expect(ordered.total).toBeGreaterThan(2_000);
    expect(ordered.steps).toBeLessThan(ordered.pages * 2);
    // The console's own writes reach the search at once, and count towards the next rewrite.
    await indexSubUser(MASTER, { id: "cl_ord_new", name: "Neu im Index", isActive: true });
    await indexSubUser(MASTER, { id: "cl_ord_00001", name: "Umbenannt", isActive: false });
    expect((await state()).unordered).toBe(1);
    expect((await subUsersPage(MASTER, params({ q: "neu im" }))).items.map((r) => r.id)).toEqual([
      "cl_ord_new",
    ]);
    const renamed = await subUsersPage(MASTER, params({ q: "umbenannt", status: "inactive" }));
    expect(renamed.items.map((r) => r.id)).toEqual(["cl_ord_00001"]);
    expect(await searchDiffers()).toBe(0);
  });

  it("notes nothing, and fails nothing, for a Sub-user a refresh removes meanwhile", async () => {
    await indexSubUser(MASTER, { id: "cl_leaving", name: "Leaving", isActive: true });
    const db = await getStore();
    const remover = await db.$client.connect();
    try {
      await remover.query("begin");
      await remover.query("delete from console_sub_users where sub_user_id = 'cl_leaving'");
      // The note reads the row (the delete is not committed yet), then waits on its key.
      const noting = noteSubUserUsage("cl_leaving", "warning", new Date());
      await new Promise((r) => setTimeout(r, 200));
      await remover.query("commit");
      await expect(noting).resolves.toBeUndefined();
    } finally {
      remover.release();
    }
    const { rows } = await db.$client.query(
      "select 1 from console_sub_user_usage where sub_user_id = 'cl_leaving'",
    );
    expect(rows).toHaveLength(0);
  });
});
