import pg from "pg";
import { describe, expect, it } from "vitest";
import { getStore } from "@/lib/store/db";
import { consoleStoreForThisFile } from "@/test/support/console-store";
import { searchDiffers } from "@/test/support/sub-user-search";
import { indexSubUser, SEARCH_COUNT_LIMIT, subUsersPage } from "./sub-user-index";
import { nameKey, PAGE_SIZE, searchText, SORT_KEYS, type SortKey } from "./sub-user-rows";

/**
 * Red-team probes of the chunked search (migrations 0023–4, `matchesByChunk`): every search is
 * compared with a plain substring test on the index's own table, in every order and every page,
 * after writes that cross the chunks' cut, with hostile needles, other Masters, and rewrites
 * raced, doubled and killed.
 */
consoleStoreForThisFile();

const client = async () => (await getStore()).$client;

/** A connection of its own (outside the store's pool of ten), for a transaction held open. */
async function connection(): Promise<pg.Client> {
  await getStore();
  const conn = new pg.Client({ connectionString: process.env.CONSOLE_DATABASE_URL });
  conn.on("error", () => {});
  await conn.connect();
  return conn;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a promise is still pending after a moment. */
async function pending(p: Promise<unknown>, ms = 250): Promise<boolean> {
  const mark = Symbol();
  return (
    (await Promise.race([
      p.then(
        () => null,
        () => null,
      ),
      pause(ms).then(() => mark),
    ])) === mark
  );
}

/** Backends waiting on a lock whose query mentions `text`. */
async function waitingOn(text: string): Promise<number[]> {
  const { rows } = await (
    await client()
  ).query<{ pid: number }>(
    `select pid from pg_stat_activity
      where wait_event_type = 'Lock' and strpos(query, $1) > 0 and pid <> pg_backend_pid()`,
    [text],
  );
  return rows.map((r) => r.pid);
}

interface Row {
  id: string;
  name: string | null;
  isActive?: boolean | null;
  createdAt?: string | null;
}

/** Rows written straight into the index, as a refresh's batch does (its triggers keep the search). */
async function put(master: string, given: Row[]): Promise<void> {
  // One row per id (a statement's upsert touches a row once): the last given.
  const rows = [...new Map(given.map((r) => [r.id, r])).values()];
  const c = await client();
  await c.query(
    `insert into console_sub_users (master_id, sub_user_id, name, name_key, haystack, is_active, created_at, entry)
     select $1, * , '{}'::jsonb
       from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::bool[], $7::timestamptz[])
     on conflict (master_id, sub_user_id) do update set
       name = excluded.name, name_key = excluded.name_key, haystack = excluded.haystack,
       is_active = excluded.is_active, created_at = excluded.created_at`,
    [
      master,
      rows.map((r) => r.id),
      rows.map((r) => r.name),
      rows.map((r) => nameKey(r.name ?? "")),
      rows.map((r) => searchText(`${r.name ?? ""}\n${r.id}`)),
      rows.map((r) => (r.isActive === undefined ? true : r.isActive)),
      rows.map((r) => r.createdAt ?? null),
    ],
  );
}

async function rewrite(master: string, rowsPerChunk: number | null = 3): Promise<void> {
  await (
    await client()
  ).query("select console_sub_user_search_rewrite($1, $2)", [master, rowsPerChunk]);
}

const ORDER_SQL: Record<SortKey, string> = {
  "name-asc": `name_key collate "C", sub_user_id collate "C"`,
  "name-desc": `name_key collate "C" desc, sub_user_id collate "C" desc`,
  "created-asc": `created_at, sub_user_id collate "C"`,
  "created-desc": `created_at desc, sub_user_id collate "C" desc`,
};

type Status = "all" | "active" | "inactive" | "near-quota";
const STATUS_SQL: Record<Status, string> = {
  all: "true",
  active: "is_active = true",
  inactive: "is_active = false",
  "near-quota": `exists (select 1 from console_sub_user_usage g where g.master_id = s.master_id
                          and g.sub_user_id = s.sub_user_id and g.flag is not null)`,
};

/** What a search must show: a substring test on the index's own rows, in the asked order. */
async function expected(
  master: string,
  q: string,
  sort: SortKey,
  status: Status = "all",
): Promise<string[]> {
  const { rows } = await (
    await client()
  ).query<{ sub_user_id: string }>(
    `select sub_user_id from console_sub_users s
      where master_id = $1 and strpos(haystack, $2) > 0 and ${STATUS_SQL[status]}
      order by ${ORDER_SQL[sort]}`,
    [master, searchText(q.trim())],
  );
  return rows.map((r) => r.sub_user_id);
}

/** Every page of a search, in order. */
async function paged(master: string, q: string, sort: SortKey, status: Status = "all") {
  const ids: string[] = [];
  let first: { matched: number; more: boolean } | undefined;
  for (let page = 1; ; page++) {
    const p = await subUsersPage(master, { q, status, sort, page });
    first ??= { matched: p.matched, more: p.more };
    ids.push(...p.items.map((r) => r.id));
    if (page >= p.pages) return { ids, ...first };
  }
}

/** Each needle in each order against the substring test: the differences found, described. */
async function differences(
  master: string,
  needles: string[],
  sorts: readonly SortKey[] = SORT_KEYS,
  status: Status = "all",
): Promise<string[]> {
  const out: string[] = [];
  for (const q of needles) {
    if (!searchText(q.trim())) continue;
    for (const sort of sorts) {
      const all = await expected(master, q, sort, status);
      const want = all.slice(0, SEARCH_COUNT_LIMIT);
      let got;
      try {
        got = await paged(master, q, sort, status);
      } catch (error) {
        out.push(`${master} ${JSON.stringify(q)} ${sort}: threw ${(error as Error).message}`);
        continue;
      }
      if (
        JSON.stringify(got.ids) !== JSON.stringify(want) ||
        got.matched !== want.length ||
        got.more !== all.length > SEARCH_COUNT_LIMIT
      )
        out.push(
          `${master} ${JSON.stringify(q)} ${sort} ${status}: got ${got.ids.length} (${got.matched}, more ${got.more}) ` +
            `[${got.ids.slice(0, 6).join(",")}…] want ${want.length} [${want.slice(0, 6).join(",")}…]`,
        );
    }
  }
  return out;
}

/** A small seeded generator, so a failing sequence is the same on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}

const SYLLABLES = ["", "a", "ab", "abc", "Äb", "b", "ba", "🚗", "x y", "ab\u0301", "Zz", "9", "10"];
const FUZZ_NEEDLES = [
  "a",
  "ab",
  "abc",
  "ab a",
  "b a",
  "äb",
  "äb ",
  "🚗",
  "🚗 a",
  "x y",
  "y",
  "\u0301",
  "b\u0301",
  "cl_",
  "l_f",
  "b\ncl",
  "a\ncl_fa",
  "zz",
  "zz 9",
  "10",
  "000",
];

async function boundaries(master: string) {
  const { rows } = await (
    await client()
  ).query<{ chunk: number; name_key: string; sub_user_id: string; name: string | null }>(
    `select c.chunk, c.name_key, c.sub_user_id, u.name
       from console_sub_user_search_chunks c
       left join console_sub_users u using (master_id, sub_user_id)
      where c.master_id = $1 and c.chunk > 0 order by c.chunk`,
    [master],
  );
  return rows;
}

describe("the chunked Sub-user search, red team", () => {
  it("matches a substring test exactly, in every order and page, through random writes across small chunks", async () => {
    const c = await client();
    const r = prng(20240607);
    const masters = ["cl_fa", "cl_fb"];
    const name = () =>
      Array.from({ length: 1 + r.int(3) }, () => r.pick(SYLLABLES))
        .join(" ")
        .trim();
    const id = (m: string) => `cl_${m.slice(3)}_${"abcdefghij"[r.int(10)]}${r.int(40)}`;
    const created = () =>
      r.next() < 0.2 ? null : new Date(Date.UTC(2024, 0, 1 + r.int(5))).toISOString();
    for (const m of masters)
      await put(
        m,
        Array.from({ length: 60 }, (_, i) => ({
          id: `cl_${m.slice(3)}_s${String(i).padStart(2, "0")}`,
          name: name(),
          createdAt: created(),
          isActive: r.next() < 0.8,
        })),
      );
    for (const m of masters) await rewrite(m, 3);
    const problems: string[] = [];
    for (let round = 0; round < 7; round++) {
      for (let op = 0; op < 30; op++) {
        const m = r.pick(masters);
        const other = masters.find((x) => x !== m)!;
        const bounds = await boundaries(m);
        const b = bounds.length ? r.pick(bounds) : undefined;
        switch (r.int(10)) {
          case 0: // the console writes one, new or renamed
            await indexSubUser(m, { id: id(m), name: name(), isActive: r.next() < 0.5 });
            break;
          case 1: // a boundary's own name, with an id just before and just after its own
            if (b?.name != null)
              await put(m, [
                { id: `${b.sub_user_id.slice(0, -1)}`, name: b.name, createdAt: created() },
                { id: `${b.sub_user_id}0`, name: b.name, createdAt: created() },
                { id: `${b.sub_user_id}`.replace(/.$/, "!"), name: b.name },
              ]);
            break;
          case 2: // a chunk's first row leaves
            if (b)
              await c.query(
                "delete from console_sub_users where master_id = $1 and sub_user_id = $2",
                [m, b.sub_user_id],
              );
            break;
          case 3: // a rename across the whole order, both ways
            await c.query(
              `update console_sub_users set name = '', name_key = '', haystack = E'\\n' || sub_user_id
                where master_id = $1 and sub_user_id = (select sub_user_id from console_sub_users
                  where master_id = $1 order by name_key collate "C" desc, sub_user_id collate "C" desc limit 1)`,
              [m],
            );
            await indexSubUser(m, {
              id:
                (
                  await c.query<{ id: string }>(
                    `select sub_user_id as id from console_sub_users where master_id = $1
                    order by name_key collate "C", sub_user_id collate "C" limit 1 offset 1`,
                    [m],
                  )
                ).rows[0]?.id ?? id(m),
              name: "ZZZ 🚗 äb abc",
              isActive: true,
            });
            break;
          case 4: // an operator's fix of a key (the haystack left as it was)
            await c.query(
              `update console_sub_users set sub_user_id = sub_user_id || '~'
                where master_id = $1 and sub_user_id = (select sub_user_id from console_sub_users
                  where master_id = $1 order by md5(sub_user_id || $2) limit 1)`,
              [m, String(op)],
            );
            break;
          case 5: // a row moved to the other Master
            await c.query(
              `update console_sub_users u set master_id = $2
                where master_id = $1 and sub_user_id = (select sub_user_id from console_sub_users s
                  where s.master_id = $1 and not exists (select 1 from console_sub_users t
                    where t.master_id = $2 and t.sub_user_id = s.sub_user_id)
                  order by md5(sub_user_id || $3) limit 1)`,
              [m, other, String(op)],
            );
            break;
          case 6: // names sorting before the boundaries, and empty ones
            await put(m, [
              { id: id(m), name: "" },
              { id: id(m), name: null },
              { id: `${r.pick(["", " ", "!"])}${id(m)}`, name: " " },
            ]);
            break;
          case 7: // many at once: a refresh's batch
            await put(
              m,
              Array.from({ length: 8 }, () => ({ id: id(m), name: name(), createdAt: created() })),
            );
            break;
          case 8: // one statement renaming a chunk's rows
            if (b)
              await c.query(
                `update console_sub_users set name_key = name_key || ' ab', haystack = haystack || ' ab'
                  where master_id = $1 and sub_user_id in (select sub_user_id from console_sub_user_search
                   where master_id = $1 and chunk = (select chunk from console_sub_user_search
                     where master_id = $1 and sub_user_id = $2))`,
                [m, b.sub_user_id],
              );
            break;
          default:
            if (r.next() < 0.4) await rewrite(m, 1 + r.int(4));
        }
      }
      const differs = await searchDiffers();
      if (differs) problems.push(`round ${round}: ${differs} search rows differ from their source`);
      for (const m of masters) problems.push(...(await differences(m, FUZZ_NEEDLES)));
      expect(problems).toEqual([]);
    }
    // The chunks really were many and small.
    expect((await boundaries("cl_fa")).length).toBeGreaterThan(10);
  }, 120_000);

  it("hostile needles find exactly what a substring test finds, with every status, across small chunks", async () => {
    const M = "cl_hostile";
    const names = [
      "Müller Straße",
      "Mu\u0308ller decomposed",
      "MÜLLER",
      "🚗 Autohaus 🚕",
      "🚗🚗🚗",
      "e\u0301e\u0301e\u0301 combining",
      "50% Rabatt",
      "a%b_c\\d",
      'O\'Brien "quoted"',
      "Lager_Ost",
      "",
      " ",
      "x".repeat(1000),
      "ab",
      "ΚΩΣΤΑΣ",
      "İstanbul",
      "tab\tname",
      "line\nbreak",
      "zz\u200bzz",
    ];
    const rows: Row[] = [];
    for (let copy = 0; copy < 6; copy++)
      for (const [i, name] of names.entries())
        rows.push({
          id: `cl_h_${copy}_${String(i).padStart(2, "0")}`,
          name: copy === 5 ? name.toUpperCase() : name,
          isActive: (i + copy) % 3 === 0 ? null : (i + copy) % 2 === 0,
          createdAt:
            copy === 2 ? null : new Date(Date.UTC(2024, 0, 1 + ((i * 7 + copy) % 5))).toISOString(),
        });
    rows.push(
      { id: "cl_h_nl\nid", name: "Zeile" },
      { id: "cl_h_%_\\", name: "Prozent" },
      { id: "cl_h_Ünï", name: "Ünï" },
    );
    await put(M, rows);
    await rewrite(M, 3);
    // Written after the cut.
    await indexSubUser(M, { id: "cl_h_new_1", name: "🚗 Nachzügler", isActive: true });
    await indexSubUser(M, { id: "cl_h_0_03", name: "Ölwechsel", isActive: false });
    const c = await client();
    await c.query(
      `insert into console_sub_user_usage (master_id, sub_user_id, flag, read_at)
       select master_id, sub_user_id, case when right(sub_user_id, 1) in ('1', '4') then 'warning' end, now()
         from console_sub_users where master_id = $1`,
      [M],
    );
    const { rows: held } = await c.query<{ common: string[] }>(
      "select common from console_sub_user_search_chunks where master_id = $1 and chunk = 0",
      [M],
    );
    const common = held[0]!.common;
    expect(common.length).toBeGreaterThan(2);
    expect(await searchDiffers()).toBe(0);
    const needles = [
      "mü",
      "ü",
      "ül",
      "mül",
      "müll",
      "u\u0308",
      "u\u0308l",
      "mu\u0308ller",
      "🚗",
      "🚗🚗",
      "🚗🚗🚗",
      "🚗 a",
      "\u{1F695}",
      "\u0301",
      "e\u0301",
      "e\u0301e",
      "%",
      "0%",
      "% r",
      "_",
      "b_c",
      "\\",
      "%b_c\\d",
      "'",
      "o'b",
      '"q',
      "'; select 1; --",
      "x".repeat(2),
      "x".repeat(3),
      "x".repeat(4),
      "x".repeat(1000),
      "x".repeat(1001),
      "🚗".repeat(500),
      "e\ncl_h_",
      "e\ncl",
      "\ncl_h_0",
      "nl\nid",
      "e\ncl_h_nl\ni",
      "h_%_\\",
      "ünï",
      "k\ncl_h_1_1",
      "h_1",
      "cl_h_",
      "cl_h",
      common.slice(0, 3).join(""),
      common[0]!,
      ...common.slice(0, 4),
      "κωσ",
      "ΚΩΣ",
      "i̇st",
      "\tn",
      "ab",
      "zz\u200bz",
      "\u200b",
      "$1",
      "null",
      "{}",
      "{1,2}",
      "'{}'::bigint[]",
    ];
    const problems: string[] = [];
    problems.push(...(await differences(M, needles)));
    for (const status of ["active", "inactive", "near-quota"] as const)
      problems.push(
        ...(await differences(
          M,
          ["mü", "🚗 a", "cl_h_", "h_1", "x"],
          ["name-asc", "created-desc"],
          status,
        )),
      );
    expect(problems).toEqual([]);
  }, 120_000);

  it("finds nothing of another Master's, whose ids, names and chunk numbers are the same", async () => {
    const c = await client();
    const rows = (marker: string): Row[] =>
      Array.from({ length: 24 }, (_, i) => ({
        id: `cl_same_${String(i).padStart(2, "0")}`,
        name: i % 4 === 0 ? `Werkstatt ${marker} ${i}` : `Werkstatt ${i}`,
      }));
    // Masters whose ids join with a chunk number into one another's ("cl_t" + ":1" + ":abc").
    for (const [m, marker] of [
      ["cl_t", "eins"],
      ["cl_t:1", "zwei"],
      ["cl_t:", "drei"],
    ] as const) {
      await put(m, rows(marker));
      await rewrite(m, 2);
    }
    for (const [m, own] of [
      ["cl_t", "eins"],
      ["cl_t:1", "zwei"],
      ["cl_t:", "drei"],
    ] as const) {
      const others = ["eins", "zwei", "drei"].filter((x) => x !== own);
      for (const sort of SORT_KEYS) {
        expect((await paged(m, own, sort)).ids).toHaveLength(6);
        for (const other of others) expect((await paged(m, other, sort)).ids).toEqual([]);
        expect((await paged(m, "werkstatt", sort)).ids).toHaveLength(24);
        expect((await paged(m, "we", sort)).ids).toHaveLength(24);
      }
    }
    // Statements across Masters: rows swapped between two, and two new Masters in one insert.
    await c.query(
      `update console_sub_users set master_id = case master_id when 'cl_t' then 'cl_t:' else 'cl_t' end,
              sub_user_id = sub_user_id || '_' || master_id
        where master_id in ('cl_t', 'cl_t:')`,
    );
    await c.query(
      `insert into console_sub_users (master_id, sub_user_id, name, name_key, haystack, entry)
       select m, 'cl_same_00', 'Werkstatt neu', 'werkstatt neu', 'werkstatt neu' || chr(10) || 'cl_same_00', '{}'
         from unnest(array['cl_t_new1', 'cl_t_new2', 'cl_t']) m`,
    );
    expect(await searchDiffers()).toBe(0);
    for (const m of ["cl_t", "cl_t:", "cl_t:1", "cl_t_new1", "cl_t_new2"])
      expect(await differences(m, ["eins", "zwei", "drei", "werkstatt", "neu", "we"])).toEqual([]);
    // A Master the index knows of (its list row) with no Sub-users and no chunk yet.
    await c.query("insert into console_sub_user_lists (master_id) values ('cl_t_empty')");
    for (const sort of SORT_KEYS)
      for (const q of ["werkstatt", "we", "w"])
        expect(await subUsersPage("cl_t_empty", { q, status: "all", sort, page: 1 })).toMatchObject(
          {
            items: [],
            matched: 0,
            more: false,
          },
        );
    expect(await searchDiffers()).toBe(0);
  });

  // The chunks' rows are the only way into a Master's search rows: a Master whose chunk rows were
  // deleted by hand (an operator's cleanup of what looks like a cache) found nothing, without an
  // error, until a rewrite cut again (both cases failed at e5e8431). The store now refuses to
  // lose a chunk row a search row names (migration 0025), and a search reads no chunk 0 as
  // leaving no trigram out.
  it("refuses to lose a chunk row its search rows lead to, and searches without chunk 0's", async () => {
    const c = await client();
    const M = "cl_lost";
    await put(
      M,
      Array.from({ length: 12 }, (_, i) => ({ id: `cl_l_${i}`, name: `Verloren ${i}` })),
    );
    await rewrite(M, 3);
    await expect(
      c.query("delete from console_sub_user_search_chunks where master_id = $1", [M]),
    ).rejects.toMatchObject({ code: "23503" });
    await expect(
      c.query("delete from console_sub_user_search_chunks where master_id = $1 and chunk = 2", [M]),
    ).rejects.toMatchObject({ code: "23503" });
    expect(await differences(M, ["verloren", "ve", "l_1"], ["name-asc", "created-asc"])).toEqual(
      [],
    );
    // Chunk 0's Sub-users gone, its row may go too: searches still read every other chunk.
    await c.query(
      `delete from console_sub_users where master_id = $1
          and sub_user_id in (select sub_user_id from console_sub_user_search where master_id = $1 and chunk = 0)`,
      [M],
    );
    await c.query("delete from console_sub_user_search_chunks where master_id = $1 and chunk = 0", [
      M,
    ]);
    expect(await differences(M, ["verloren", "ve", "l_1"], ["name-asc", "name-desc"])).toEqual([]);
    expect(
      (await subUsersPage(M, { q: "verloren", status: "all", sort: "name-asc", page: 1 })).matched,
    ).toBe(9);
    expect(await searchDiffers()).toBe(0);
  });

  it("pages a search sorted by creation through the sorted and the walked paths alike", async () => {
    const c = await client();
    const M = "cl_created";
    // 5,050 matches (more than a sorted search sorts) and 60 that do not, in chunks of 400.
    await c.query(
      `insert into console_sub_users (master_id, sub_user_id, name, name_key, haystack, is_active, created_at, entry)
       select $1, 'cl_c' || lpad(n::text, 5, '0'), 'Filiale ' || n, 'filiale ' || lpad(n::text, 12, '0'),
              'filiale ' || n || chr(10) || 'cl_c' || lpad(n::text, 5, '0'), true,
              case when n % 11 = 0 then null else timestamptz '2024-01-01' + ((n * 7919) % 97) * interval '1 hour' end,
              '{}'::jsonb
         from generate_series(1, 5050) as n
       union all
       select $1, 'cl_d' || n, 'Depot ' || n, 'depot ' || lpad(n::text, 12, '0'), 'depot ' || n || chr(10) || 'cl_d' || n,
              false, timestamptz '2024-01-01' + n * interval '1 minute', '{}'::jsonb
         from generate_series(1, 60) as n`,
      [M],
    );
    await rewrite(M, 400);
    await indexSubUser(M, { id: "cl_c_late", name: "Filiale spät", isActive: true });
    expect(await searchDiffers()).toBe(0);
    // "filiale 1": 1,112 matches (sorted); "filiale": 5,051 (walked); "depot": 60.
    expect(
      await differences(M, ["filiale 1", "filiale", "depot"], ["created-asc", "created-desc"]),
    ).toEqual([]);
    for (const sort of ["created-asc", "created-desc"] as const)
      for (const q of ["filiale", "filiale 1"]) {
        const want = (await expected(M, q, sort)).slice(0, SEARCH_COUNT_LIMIT);
        const past = await subUsersPage(M, { q, status: "all", sort, page: 999 });
        expect(past.items.map((r) => r.id)).toEqual(want.slice(-PAGE_SIZE));
      }
  }, 120_000);

  describe("rewrites raced, doubled and killed", () => {
    const NEEDLES = ["rennen", "re", "zz", "neu", "cl_r", "n 1", "🚗"];
    const start = (M: string, n = 40): Row[] =>
      Array.from({ length: n }, (_, i) => ({
        id: `cl_r_${String(i).padStart(3, "0")}`,
        name: `Rennen ${(i * 17) % 41}`,
        createdAt: new Date(Date.UTC(2024, 0, 1, i % 7)).toISOString(),
      }));

    /** The console's and an operator's writes, all at once, while the Master's lock may be held. */
    function writes(M: string): Promise<unknown>[] {
      const c = client();
      return [
        indexSubUser(M, { id: "cl_r_000", name: "ZZ ganz hinten", isActive: true }),
        indexSubUser(M, { id: "cl_r_039", name: "", isActive: true }),
        indexSubUser(M, { id: "cl_r_new_a", name: "Neu 🚗", isActive: true }),
        indexSubUser(M, { id: "cl_r_new_b", name: "Rennen 1", isActive: false }),
        c.then((q) =>
          q.query(
            `delete from console_sub_users where master_id = $1 and sub_user_id in
               (select sub_user_id from console_sub_users where master_id = $1
                 order by name_key collate "C", sub_user_id collate "C" offset 3 limit 2)`,
            [M],
          ),
        ),
        c.then((q) =>
          q.query(
            `update console_sub_users set sub_user_id = sub_user_id || '_fixed'
              where master_id = $1 and sub_user_id = 'cl_r_010'`,
            [M],
          ),
        ),
      ];
    }

    async function exact(M: string) {
      expect(await searchDiffers()).toBe(0);
      expect(await differences(M, NEEDLES)).toEqual([]);
    }

    it("writes made while a rewrite holds the Master wait for it, and are searched after", async () => {
      const M = "cl_race_1";
      await put(M, start(M));
      await rewrite(M, 4);
      const rewriter = await connection();
      try {
        await rewriter.query("begin");
        await rewriter.query("select console_sub_user_search_rewrite($1, 3)", [M]);
        const all = Promise.all(writes(M));
        expect(await pending(all)).toBe(true);
        await rewriter.query("commit");
        await all;
      } finally {
        await rewriter.end();
      }
      await exact(M);
    });

    it("a rewrite begun while writes are open waits for them, and cuts them in", async () => {
      const M = "cl_race_2";
      await put(M, start(M));
      const writer = await connection();
      try {
        await writer.query("begin");
        await writer.query(
          `update console_sub_users set name = 'Rennen ' || sub_user_id,
                  name_key = 'rennen ' || sub_user_id, haystack = 'rennen ' || sub_user_id || chr(10) || sub_user_id
            where master_id = $1 and sub_user_id like '%5'`,
          [M],
        );
        await writer.query(
          `insert into console_sub_users (master_id, sub_user_id, name, name_key, haystack, entry)
           values ($1, 'cl_r_open', 'Neu offen', 'neu offen', 'neu offen' || chr(10) || 'cl_r_open', '{}')`,
          [M],
        );
        await writer.query(
          "delete from console_sub_users where master_id = $1 and sub_user_id = 'cl_r_001'",
          [M],
        );
        const rewriting = rewrite(M, 3);
        expect(await pending(rewriting)).toBe(true);
        const more = Promise.all(writes(M));
        await pause(100);
        await writer.query("commit");
        await rewriting;
        await more;
      } finally {
        await writer.end();
      }
      await exact(M);
      expect((await boundaries(M)).length).toBeGreaterThan(8);
    });

    it("two rewrites of one Master at once: the second cuts again, after the first", async () => {
      const M = "cl_race_3";
      await put(M, start(M, 60));
      const first = await connection();
      try {
        await first.query("begin");
        await first.query("select console_sub_user_search_rewrite($1, 2)", [M]);
        const second = rewrite(M, 7);
        const alongside = Promise.all(writes(M));
        expect(await pending(second)).toBe(true);
        await first.query("commit");
        await second;
        await alongside;
      } finally {
        await first.end();
      }
      await exact(M);
      // The second's cut: 58 to 62 rows (the writes may take the lock before or after it) at
      // seven a chunk is nine chunks, eight past the first; the first's, two a chunk, would be
      // thirty. Writes never add a chunk, while a row count in one chunk depends on which writes
      // came first.
      expect(await boundaries(M)).toHaveLength(8);
      // Both at once through the pool, many times.
      for (let i = 0; i < 5; i++)
        await Promise.all([rewrite(M, 1 + i), rewrite(M, 9 - i), ...writes(M)]);
      await exact(M);
    });

    it("a rewrite killed midway, with writes waiting behind it, leaves the search exact", async () => {
      const M = "cl_race_4";
      await put(M, start(M, 80));
      await rewrite(M, 5);
      const c = await client();
      // A blocker holds one search row, so the rewrite stops (midway, its lock taken, its first
      // rows deleted) where the test can end it.
      const blocker = await connection();
      const rewriter = await connection();
      try {
        await blocker.query("begin");
        await blocker.query(
          "select 1 from console_sub_user_search where master_id = $1 and sub_user_id = 'cl_r_079' for update",
          [M],
        );
        const { rows } = await rewriter.query<{ pid: number }>("select pg_backend_pid() as pid");
        const killed = rewriter.query("select console_sub_user_search_rewrite($1, 2)", [M]).then(
          () => "done",
          (e: Error) => e.message,
        );
        for (
          let i = 0;
          i < 100 && !(await waitingOn("console_sub_user_search_rewrite")).length;
          i++
        )
          await pause(20);
        expect(await waitingOn("console_sub_user_search_rewrite")).toEqual([rows[0]!.pid]);
        const behind = Promise.all(writes(M));
        expect(await pending(behind)).toBe(true);
        await c.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
        expect(await killed).not.toBe("done");
        await blocker.query("rollback");
        await behind;
      } finally {
        await blocker.end();
        await rewriter.end().catch(() => undefined);
      }
      await exact(M);
      // And a writer killed while it waits for a rewrite leaves nothing either.
      const holder = await connection();
      const writer = await connection();
      try {
        await holder.query("begin");
        await holder.query("select console_sub_user_search_rewrite($1, 3)", [M]);
        const { rows } = await writer.query<{ pid: number }>("select pg_backend_pid() as pid");
        const write = writer
          .query(
            `update console_sub_users set name_key = 'aaa', haystack = 'aaa' || chr(10) || sub_user_id
              where master_id = $1`,
            [M],
          )
          .then(
            () => "done",
            (e: Error) => e.message,
          );
        expect(await pending(write)).toBe(true);
        await c.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
        expect(await write).not.toBe("done");
        await holder.query("commit");
      } finally {
        await holder.end();
        await writer.end().catch(() => undefined);
      }
      await exact(M);
    });
  });
});
