import { describe, expect, it } from "vitest";
import { type ServiceApi } from "@/lib/api/client";
import { getStore } from "@/lib/store/db";
import { consoleStoreForThisFile } from "@/test/support/console-store";
import { searchDiffers } from "@/test/support/sub-user-search";
import {
  changeIndexedSubUser,
  indexSubUser,
  noteSubUserUsage,
  refreshSubUsers,
  subUsersPage,
} from "./sub-user-index";
import { searchText, subUsersListParams } from "./sub-user-rows";

consoleStoreForThisFile();
const all = { q: "", status: "all", sort: "name-asc", page: 1 } as const;
type U = { id: string; name: string | null; isActive?: boolean; createdAt?: string };

/** A service whose list is what the test says (streamed in one go), optionally held at a gate. */
function listing(users: () => U[], gate?: Promise<void>): ServiceApi {
  return {
    listClientUsers: async (
      _input: unknown,
      options: { stream: { onItems: (i: unknown[]) => Promise<void> } },
    ) => {
      await options.stream.onItems(users());
      await gate;
      return { status: 200, data: undefined, etag: `"${Math.random()}"` };
    },
  } as unknown as ServiceApi;
}

const ids = async (master: string, q: string) => {
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const p = await subUsersPage(master, { ...all, q, page });
    out.push(...p.items.map((r) => r.id));
    if (page >= p.pages) return { ids: out.sort(), matched: p.matched };
  }
};

/**
 * Red-team probes of the search copy (console_sub_user_search, migration 0021): hostile needles,
 * every write path, rewrites at once and killed. Three fail at c440c73 (see each test's note).
 */
describe("the Sub-user search copy, red team", () => {
  it("hostile needles match exactly what a substring test would, and never another Master's", async () => {
    const names = [
      "50% Rabatt",
      "500 Rabatt",
      "Lager_Ost",
      "Lager-Ost",
      "Pfad\\A",
      "PfadxA",
      "Straße 1",
      "STRASSE 2",
      "Ko\u0308ln decomposed",
      "Köln composed",
      "🚗 Autohaus",
      "🚕 Autohaus",
      "شركة السيارات",
      "שלום",
      "  spaced  name ",
      "tab\tname",
      "a%b_c\\d",
      "aXbYcZd",
      "İstanbul",
      "istanbul",
      "ΚΩΣΤΑΣ",
      "x".repeat(300),
      "Ünïcödé ﬁ ligature",
      "zero\u200bwidth",
      "line\nbreak",
    ];
    for (const m of ["cl_m_a", "cl_m_b"])
      for (const [i, name] of names.entries())
        await indexSubUser(m, { id: `${m}_${i}`, name, isActive: true });
    const needles = [
      "%",
      "_",
      "\\",
      "%%",
      "__",
      "\\\\",
      "50%",
      "0%",
      "r_o",
      "d\\a",
      "%b_c\\",
      "b_c",
      "ß",
      "straße",
      "STRASSE",
      "ö",
      "o\u0308",
      "🚗",
      "🚗 a",
      "\u{1F697}",
      "السيارات",
      "ש",
      "spaced  name",
      " spaced ",
      "\t",
      "tab\tn",
      "i̇stanbul",
      "İ",
      "ΚΩΣ",
      "κωσ",
      "x".repeat(200),
      "ﬁ",
      "fi",
      "\u200b",
      "break",
      "line\nb",
      "m_a_1",
      "cl_m_",
      "'; drop table console_sub_users; --",
      "$1",
      "\u0000",
      "a\u0000b",
      "\ud800",
      "%_\\%_\\",
    ];
    const problems: string[] = [];
    for (const raw of needles) {
      // As the route reads it: the address's parameters through the list's schema.
      const q = subUsersListParams.parse({ q: raw }).q;
      const needle = searchText(q.trim());
      // (An empty search is the whole list, whose count is the refreshed list's: not searched.)
      if (!needle) continue;
      for (const m of ["cl_m_a", "cl_m_b"]) {
        let got;
        try {
          got = await ids(m, q);
        } catch (e) {
          problems.push(`${JSON.stringify(raw)} threw ${(e as Error).message}`);
          continue;
        }
        const want = names
          .map((name, i) => ({ id: `${m}_${i}`, hay: searchText(`${name}\n${m}_${i}`) }))
          .filter((r) => !needle || r.hay.includes(needle))
          .map((r) => r.id)
          .sort();
        if (JSON.stringify(got.ids) !== JSON.stringify(want) || got.matched !== want.length)
          problems.push(
            `${JSON.stringify(raw)} in ${m}: got ${got.ids.join(",")} (${got.matched}) want ${want.join(",")}`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  // JS toLowerCase turns a word-final Σ into ς, a mid-word one into σ; "ΚΩΣ" is "κως",
  // the name's haystack "κωστας": both are compared with ς as σ.
  it("Greek capital sigma typed as a prefix finds the name (case-insensitive search)", async () => {
    await indexSubUser("cl_greek", { id: "cl_gr_1", name: "ΚΩΣΤΑΣ", isActive: true });
    expect((await ids("cl_greek", "ΚΩΣ")).ids).toEqual(["cl_gr_1"]);
  });

  it("keeps the search through every write path", async () => {
    const db = await getStore();
    const M = "cl_paths";
    const users: U[] = Array.from({ length: 30 }, (_, i) => ({
      id: `cl_p_${i}`,
      name: `Pfad ${i}`,
      isActive: true,
    }));
    expect(
      await refreshSubUsers(
        listing(() => users),
        M,
      ),
    ).toBe("refreshed");
    expect(await searchDiffers()).toBe(0);
    users[0]!.name = "Umbenannt";
    users[1]!.isActive = false;
    users.splice(2, 1);
    users.push({ id: "cl_p_new", name: "Neu", isActive: true });
    expect(
      await refreshSubUsers(
        listing(() => users),
        M,
        { conditional: false },
      ),
    ).toBe("refreshed");
    expect(await searchDiffers()).toBe(0);
    await indexSubUser(M, { id: "cl_p_3", name: "Console rename", isActive: false });
    await indexSubUser(M, { id: "cl_p_c", name: "Console new", isActive: true });
    await changeIndexedSubUser(M, "cl_p_4", {
      keyIssued: {
        id: "k1",
        label: "L",
        isActive: true,
        createdAt: new Date().toISOString(),
      } as never,
    });
    await changeIndexedSubUser(M, "cl_p_4", { rateLimits: [] });
    await noteSubUserUsage("cl_p_5", "warning", new Date());
    expect(await searchDiffers()).toBe(0);
    const c = db.$client;
    await c.query(`update console_sub_users set entry = entry || '{"x":1}' where master_id = $1`, [
      M,
    ]);
    await c.query(
      `insert into console_sub_users (master_id, sub_user_id, name, name_key, haystack, is_active, entry)
       values ($1, 'cl_p_6', 'Upserted', 'upserted', 'upserted\ncl_p_6', true, '{}'),
              ($1, 'cl_p_ins', 'Inserted', 'inserted', 'inserted\ncl_p_ins', true, '{}')
       on conflict (master_id, sub_user_id) do update set name = excluded.name, name_key = excluded.name_key,
         haystack = excluded.haystack`,
      [M],
    );
    await c.query(
      `update console_sub_users set is_active = not coalesce(is_active, false) where master_id = $1`,
      [M],
    );
    await c.query(
      `update console_sub_users set created_at = now() where master_id = $1 and sub_user_id = 'cl_p_7'`,
      [M],
    );
    await c.query(
      `delete from console_sub_users where master_id = $1 and sub_user_id in ('cl_p_8','cl_p_9')`,
      [M],
    );
    expect(await searchDiffers()).toBe(0);
    // Rows renamed in one statement, one row's name swapped with another's.
    await c.query(
      `update console_sub_users set haystack = case sub_user_id when 'cl_p_10' then (select haystack from console_sub_users where master_id = $1 and sub_user_id = 'cl_p_11') else (select haystack from console_sub_users where master_id = $1 and sub_user_id = 'cl_p_10') end
        where master_id = $1 and sub_user_id in ('cl_p_10', 'cl_p_11')`,
      [M],
    );
    expect(await searchDiffers()).toBe(0);
  });

  // The update trigger joined former and changed rows by key, so an update of
  // (master_id, sub_user_id) left the old search row behind and no row for the new key.
  it("follows a change of a row's key", async () => {
    const c = (await getStore()).$client;
    await indexSubUser("cl_keys", { id: "cl_key_1", name: "Alt", isActive: true });
    const before = await searchDiffers();
    await c.query(
      `update console_sub_users set sub_user_id = 'cl_key_1_fixed' where master_id = 'cl_keys' and sub_user_id = 'cl_key_1'`,
    );
    expect((await searchDiffers()) - before).toBe(0);
  });

  it("two Masters rewriting their search at once", async () => {
    const big = (p: string) =>
      Array.from({ length: 2500 }, (_, i) => ({
        id: `${p}_${i}`,
        name: `N ${(i * 7919) % 10007}`,
        isActive: true,
      }));
    const a = big("cl_ra");
    const b = big("cl_rb");
    const before = await searchDiffers();
    const results = await Promise.all([
      refreshSubUsers(
        listing(() => a),
        "cl_rw_a",
      ),
      refreshSubUsers(
        listing(() => b),
        "cl_rw_b",
      ),
    ]);
    expect(results).toEqual(["refreshed", "refreshed"]);
    const db = await getStore();
    const { rows } = await db.$client.query(
      "select master_id, unordered, total, leased_until from console_sub_user_lists where master_id like 'cl_rw_%' order by 1",
    );
    expect(rows.map((r) => [r.unordered, r.total, r.leased_until])).toEqual([
      [0, 2500, null],
      [0, 2500, null],
    ]);
    expect((await searchDiffers()) - before).toBe(0);
  });

  it("a rewrite whose backend is terminated leaves the search consistent, and a later refresh recovers", async () => {
    const db = await getStore();
    const M = "cl_kill";
    const users = Array.from({ length: 1200 }, (_, i) => ({
      id: `cl_k_${i}`,
      name: `K ${(i * 7919) % 10007}`,
      isActive: true,
    }));
    // A blocker holds one search row, so the rewrite waits where the test can end it.
    await indexSubUser(M, { id: "cl_k_gone", name: "not listed", isActive: true });
    const base = await searchDiffers();
    const blocker = await db.$client.connect();
    await blocker.query("begin");
    await blocker.query(
      "select 1 from console_sub_user_search where master_id = $1 and sub_user_id = 'cl_k_gone' for update",
      [M],
    );
    const refreshing = refreshSubUsers(
      listing(() => users),
      M,
    );
    let pid: number | undefined;
    for (let i = 0; i < 200 && !pid; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const { rows } = await db.$client.query(
        "select pid from pg_stat_activity where query like '%console_sub_user_search_rewrite%' and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
      );
      pid = rows[0]?.pid;
    }
    expect(pid).toBeDefined();
    await db.$client.query("select pg_terminate_backend($1)", [pid]);
    await blocker.query("rollback");
    blocker.release();
    const failed = await refreshing.then(
      () => "resolved",
      (e: Error) => e.message,
    );
    expect(failed).not.toBe("resolved");
    expect((await searchDiffers()) - base).toBe(0);
    const { rows } = await db.$client.query(
      "select leased_until, unordered from console_sub_user_lists where master_id = $1",
      [M],
    );
    expect(rows[0].leased_until).toBeNull();
    expect(
      await refreshSubUsers(
        listing(() => users),
        M,
      ),
    ).toBe("refreshed");
    expect((await searchDiffers()) - base).toBe(0);
    expect((await subUsersPage(M, all)).total).toBe(1200);
    // The pool still answers (no dead connection handed out).
    for (let i = 0; i < 15; i++) await db.$client.query("select 1");
  });

  // The delete trigger waited for the rewrite's deleted row, then skipped it (READ COMMITTED) and
  // never saw the row the rewrite inserted: an orphan search row, counted in `matched`. It now
  // waits for the rewrite's lock before it reads.
  it("a delete racing a rewrite leaves no search row behind", async () => {
    const db = await getStore();
    const M = "cl_race_del";
    for (let i = 0; i < 20; i++)
      await indexSubUser(M, { id: `cl_rd_${i}`, name: `R ${i}`, isActive: true });
    const base = await searchDiffers();
    const rewriter = await db.$client.connect();
    const deleter = await db.$client.connect();
    await rewriter.query("begin");
    await rewriter.query("select console_sub_user_search_rewrite($1)", [M]);
    const deleting = deleter.query(
      "delete from console_sub_users where master_id = $1 and sub_user_id = 'cl_rd_3'",
      [M],
    );
    await new Promise((r) => setTimeout(r, 300));
    await rewriter.query("commit");
    await deleting;
    rewriter.release();
    deleter.release();
    expect((await searchDiffers()) - base).toBe(0);
    expect((await subUsersPage(M, { ...all, q: "r 3" })).matched).toBe(0);
  });
});
