import { describe, expect, it } from "vitest";
import { getStore } from "@/lib/store/db";
import { consoleStoreForThisFile } from "@/test/support/console-store";
import { searchDiffers } from "@/test/support/sub-user-search";
import { indexSubUser, SEARCH_COUNT_LIMIT, subUsersPage } from "./sub-user-index";
import { nameKey, PAGE_SIZE, searchText, type SortKey } from "./sub-user-rows";

consoleStoreForThisFile();

const WORDS = ["Autoteile", "Werkstatt", "Reifen", "Karosserie", "Lack", "Glas", "Öl"];
const CITIES = ["Berlin", "Hamburg", "Köln", "München", "Leipzig"];

/** Sub-users written straight into the index (its triggers keep the search). */
async function seed(master: string, names: string[], from = 0, isActive = true): Promise<void> {
  const db = await getStore();
  const ids = names.map((_, i) => `cl_${master}_${String(from + i).padStart(5, "0")}`);
  await db.$client.query(
    `insert into console_sub_users (master_id, sub_user_id, name, name_key, haystack, is_active, entry)
     select $1, id, name, key, hay, $5, '{}'::jsonb from unnest($2::text[], $3::text[], $4::text[], $6::text[]) as u(id, name, key, hay)`,
    [
      master,
      ids,
      names,
      names.map((n) => nameKey(n)),
      isActive,
      names.map((n, i) => searchText(`${n}\n${ids[i]}`)),
    ],
  );
}

/** The search table cut into chunks of `rows` (as a refresh's rewrite does, with fifty). */
async function rewrite(master: string, rows: number): Promise<number> {
  const db = await getStore();
  await db.$client.query("select console_sub_user_search_rewrite($1, $2)", [master, rows]);
  const { rows: n } = await db.$client.query<{ n: number }>(
    "select count(*)::int as n from console_sub_user_search_chunks where master_id = $1",
    [master],
  );
  return n[0]!.n;
}

/** What a search must find, read from the index's own table (no chunk, no key) and sorted. */
async function expected(
  master: string,
  needle: string,
  sort: SortKey,
  status = "all",
): Promise<string[]> {
  const db = await getStore();
  const order = {
    "name-asc": `name_key collate "C", sub_user_id collate "C"`,
    "name-desc": `name_key collate "C" desc, sub_user_id collate "C" desc`,
    "created-asc": `created_at, sub_user_id collate "C"`,
    "created-desc": `created_at desc, sub_user_id collate "C" desc`,
  }[sort];
  const { rows } = await db.$client.query<{ sub_user_id: string }>(
    `select sub_user_id from console_sub_users
      where master_id = $1 and strpos(haystack, $2) > 0
        and ($3 = 'all' or is_active = ($3 = 'active'))
      order by ${order}`,
    [master, searchText(needle), status],
  );
  return rows.map((r) => r.sub_user_id);
}

/** Every page of a search, in order, and what the first said of the count. */
async function paged(master: string, q: string, sort: SortKey, status = "all") {
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const p = await subUsersPage(master, { q, status: status as "all", sort, page });
    out.push(...p.items.map((r) => r.id));
    if (page >= p.pages) return { ids: out, matched: p.matched, more: p.more };
  }
}

// Among them: an id, whose "cl_" and "_m1" every row holds (left out of its keys), and a needle
// of nothing else (it keeps them all).
const NEEDLES = [
  "werkstatt",
  "köln",
  "münchen 1",
  "e",
  "ö",
  "ar",
  "cl_m1_0004",
  "cl_m1",
  "zz",
  "glas b",
];

describe("a search read one chunk of the name order at a time", () => {
  it("finds what a substring test finds, in name order either way, across chunks and writes since", async () => {
    const names = Array.from(
      { length: 400 },
      (_, i) => `${WORDS[(i * 7) % WORDS.length]} ${CITIES[i % CITIES.length]} ${i % 37}`,
    );
    await seed("m1", names);
    expect(await rewrite("m1", 9)).toBeGreaterThan(40);
    const db = await getStore();
    const { rows } = await db.$client.query<{ common: string[] }>(
      "select common from console_sub_user_search_chunks where master_id = 'm1' and chunk = 0",
    );
    expect(rows[0]!.common).toEqual(expect.arrayContaining(["cl_", "l_m", "_m1", "m1_", "1_0"]));
    expect(rows[0]!.common).not.toContain("wer");
    // Written after the cut: new names before the first, after the last and between any two,
    // renames across the order, and a Sub-user removed.
    await seed("m1", ["Aaa Erste", "Zzz Letzte", "Lack Hamburg 5a", "Werkstatt Köln 0"], 400);
    await indexSubUser("m1", { id: "cl_m1_00007", name: "Zebra Werkstatt", isActive: true });
    await indexSubUser("m1", { id: "cl_m1_00390", name: "Aal Werkstatt", isActive: false });
    await db.$client.query(
      "delete from console_sub_users where master_id = 'm1' and sub_user_id = 'cl_m1_00100'",
    );
    expect(await searchDiffers()).toBe(0);
    for (const needle of NEEDLES)
      for (const sort of ["name-asc", "name-desc", "created-desc"] as const) {
        const want = await expected("m1", needle, sort);
        const got = await paged("m1", needle, sort);
        expect({ needle, sort, ids: got.ids }).toEqual({ needle, sort, ids: want });
        expect(got.matched).toBe(want.length);
      }
    for (const status of ["active", "inactive"])
      expect((await paged("m1", "werkstatt", "name-asc", status)).ids).toEqual(
        await expected("m1", "werkstatt", "name-asc", status),
      );
  });

  it("stops at its bound in name order, wherever in the order its matches begin", async () => {
    // 400 that do not match, then (in name order) more matches than a search counts.
    await seed(
      "m2",
      Array.from({ length: 400 }, (_, i) => `Autohaus ${i}`),
    );
    await seed(
      "m2",
      Array.from({ length: SEARCH_COUNT_LIMIT + 30 }, (_, i) => `Werkstatt ${i}`),
      400,
    );
    expect(await rewrite("m2", 100)).toBeGreaterThan(10);
    await seed("m2", ["Werkstatt 0 neu"], 5000);
    expect(await searchDiffers()).toBe(0);
    for (const sort of ["name-asc", "name-desc"] as const) {
      const want = (await expected("m2", "werkstatt", sort)).slice(0, SEARCH_COUNT_LIMIT);
      const got = await paged("m2", "werkstatt", sort);
      expect(got).toMatchObject({ matched: SEARCH_COUNT_LIMIT, more: true });
      expect(got.ids).toEqual(want);
      // A page asked past the last shows the last.
      const past = await subUsersPage("m2", { q: "werkstatt", status: "all", sort, page: 99 });
      expect(past.items.map((r) => r.id)).toEqual(want.slice(-PAGE_SIZE));
    }
  });

  it("finds nothing of another Master's, whose chunks share numbers", async () => {
    await seed("m3", ["Werkstatt Eins", "Werkstatt Zwei"]);
    await seed("m4", ["Werkstatt Drei"]);
    await rewrite("m3", 1);
    await rewrite("m4", 1);
    expect((await paged("m3", "werkstatt", "name-asc")).ids).toEqual([
      "cl_m3_00000",
      "cl_m3_00001",
    ]);
    expect((await paged("m4", "werkstatt", "name-asc")).ids).toEqual(["cl_m4_00000"]);
    expect((await paged("m5", "werkstatt", "name-asc")).ids).toEqual([]);
  });

  it("makes a chunk's keys in an expression the planner inlines, by the rows' trigram rule", async () => {
    const db = await getStore();
    // A call per trigram in each of fifty chunks was most of an id search (migration 0027).
    const { rows: plan } = await db.$client.query<{ "QUERY PLAN": string }>(
      "explain (verbose, costs off) select console_sub_user_search_key('m', c, 'abc') from generate_series(1, 2) c",
    );
    const output = plan.map((r) => r["QUERY PLAN"]).join("\n");
    expect(output).toContain("hashtextextended");
    expect(output).not.toContain("console_sub_user_search_key(");
    // A needle's keys (its grams, then a key each) are the rows' keys of the same text and skip.
    const cases: [string, string[]][] = [
      ["werkstatt mü", []],
      ["werkstatt mü", ["wer", "erk"]],
      ["cl_s000042", [" cl", "_s0", "cl_", "l_s"]],
      ["cl_", ["cl_"]], // every trigram skipped: all are kept
      ["aaaa", []],
      ["ab", []],
      ["ω🚗σ x", []],
    ];
    for (const [text, skip] of cases) {
      const { rows } = await db.$client.query<{ rows: string[]; needle: string[] }>(
        `select console_sub_user_search_keys('m', 7, $1, $2) as rows,
                array(select distinct console_sub_user_search_key('m', 7, g)
                        from unnest(console_sub_user_search_grams($1, $2)) as g order by 1) as needle`,
        [text, skip],
      );
      expect(rows[0]!.needle, text).toEqual(rows[0]!.rows);
    }
    // The rows' keys are what migration 0024 made: no row needs its keys made again.
    const { rows: before } = await db.$client.query<{ now: string[]; then: string[] }>(
      `select console_sub_user_search_keys('m', 7, 'werkstatt mü') as now,
              array(select distinct hashtextextended('m:7:' || substr('werkstatt mü', i, 3), 0)
                      from generate_series(1, 10) i order by 1) as then`,
    );
    expect(before[0]!.now).toEqual(before[0]!.then);
  });
});
