import "server-only";
import { and, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { type PgUpdateSetSource } from "drizzle-orm/pg-core";
import { type ServiceApi } from "@/lib/api/client";
import { type ClientUser, clientUser } from "@/lib/api/contract/client-admin";
import { type PoolClient } from "pg";
import { consoleLog } from "@/lib/log/console-log";
import { FOREIGN_KEY_VIOLATION, postgresErrorCode } from "@/lib/db/postgres-errors";
import { getStore } from "@/lib/store/db";
import { subUserLists, subUserSearch, subUsers, subUserUsage } from "@/lib/store/schema";
import {
  nameKey,
  PAGE_SIZE,
  searchText,
  type SortKey,
  type SubUserRow,
  type SubUsersListParams,
} from "./sub-user-rows";

/** One page of a Master's Sub-users as the browser receives it: never the whole list. */
export interface SubUsersPage {
  items: SubUserRow[];
  matched: number;
  /** A search matched more than `matched` (its bound): only the first `matched` are paged. */
  more: boolean;
  total: number;
  page: number;
  pages: number;
  /** When the index last took the service's list (ms since the epoch); null: never. */
  refreshedAt: number | null;
  /** When this page was read from the index (ms since the epoch). */
  readAt: number;
}

/** A refresh holds its Master's list this long at most (a crashed instance's lease runs out). */
const LEASE_MS = 120_000;
/** A refresh whose lease ran out (another instance took the list over): it stops, changing nothing more. */
export class LeaseLostError extends Error {
  constructor(masterId: string) {
    super(`The refresh of ${masterId}'s Sub-users lost its lease to another.`);
    this.name = "LeaseLostError";
  }
}

/** A search's matches are counted up to this many. */
export const SEARCH_COUNT_LIMIT = 1_000;
/** Rows written to the store per statement while a list arrives. */
const WRITE_BATCH = 1_000;

/**
 * What the index keeps of a Sub-user: the fields the interface shows, and of its keys their
 * metadata only. Picked by name, so a field the service adds (a secret, say) is never stored.
 */
function entryOf(user: ClientUser): ClientUser {
  // Checked against the contract already, by the call that brought it.
  return {
    id: user.id,
    name: user.name,
    isActive: user.isActive,
    isMaster: user.isMaster,
    parentId: user.parentId,
    defaultProviderId: user.defaultProviderId,
    allowlist: user.allowlist,
    apiKeys: user.apiKeys?.map((k) => ({
      id: k.id,
      label: k.label,
      environment: k.environment,
      isActive: k.isActive,
      createdAt: k.createdAt,
    })),
    rateLimits: user.rateLimits?.map((r) => ({
      id: r.id,
      endpointKey: r.endpointKey,
      windowSeconds: r.windowSeconds,
      maxRequests: r.maxRequests,
      apiKeyId: r.apiKeyId,
      isActive: r.isActive,
    })),
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

function rowOf(masterId: string, user: ClientUser, writtenAt: Date | null) {
  const entry = entryOf(user);
  return {
    masterId,
    subUserId: user.id,
    name: user.name ?? null,
    nameKey: nameKey(user.name ?? ""),
    haystack: searchText(`${user.name ?? ""}\n${user.id}`),
    isActive: user.isActive ?? null,
    createdAt: user.createdAt ? new Date(user.createdAt) : null,
    keyCount: user.apiKeys?.length ?? null,
    entry: entry as Record<string, unknown>,
    writtenAt,
  };
}

/**
 * Writes one batch of the list as the service sent it: rows new or changed only (a refresh of an
 * unchanged list rewrites nothing), none the console wrote itself after the refresh began. One
 * statement of arrays per batch; the Sub-users seen are noted on the refresh's connection.
 */
async function writeBatch(
  conn: PoolClient,
  masterId: string,
  users: ClientUser[],
  since: Date,
  lease: Date,
) {
  const rows = users.map((u) => rowOf(masterId, u, null));
  await conn.query("insert into sub_users_seen select unnest($1::text[]) on conflict do nothing", [
    rows.map((r) => r.subUserId),
  ]);
  const written = await conn.query(
    `insert into console_sub_users
            (master_id, sub_user_id, name, name_key, haystack, is_active, created_at, key_count, entry)
       select $1, * from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::bool[],
                                $7::timestamptz[], $8::int[], $9::jsonb[])
        -- Written only while this refresh holds the Master's lease (its end is the token).
        where exists (select 1 from console_sub_user_lists
                       where master_id = $1 and leased_until = $11)
     on conflict (master_id, sub_user_id) do update set
            name = excluded.name, name_key = excluded.name_key, haystack = excluded.haystack,
            is_active = excluded.is_active, created_at = excluded.created_at,
            key_count = excluded.key_count, entry = excluded.entry
      where (console_sub_users.written_at is null or console_sub_users.written_at <= $10)
        and (console_sub_users.name, console_sub_users.is_active, console_sub_users.created_at,
             console_sub_users.key_count, console_sub_users.entry)
            is distinct from
            (excluded.name, excluded.is_active, excluded.created_at, excluded.key_count,
             excluded.entry)`,
    [
      masterId,
      rows.map((r) => r.subUserId),
      rows.map((r) => r.name),
      rows.map((r) => r.nameKey),
      rows.map((r) => r.haystack),
      rows.map((r) => r.isActive),
      rows.map((r) => r.createdAt),
      rows.map((r) => r.keyCount),
      rows.map((r) => JSON.stringify(r.entry)),
      since,
      lease,
    ],
  );
  return written.rowCount ?? 0;
}

/** A refresh that changed this many rows (or wrote the search in order) tidies after it. */
const TIDY_AFTER_ROWS = 1_000;

/**
 * A refresh writes the search table again in name order once this many rows were written since
 * it last did: a tenth of the Master's list, and never fewer than a tidy's thousand.
 */
export function reorderAfter(total: number): number {
  return Math.max(TIDY_AFTER_ROWS, Math.ceil(total / 10));
}

/**
 * The Master's search rows written again in name order, in one transaction, while the refresh
 * holds the lease: filling the table's free space and then its end in that order, a search's
 * matches lie together on few pages (the rows left behind are vacuumed by the tidy that follows).
 * Searches meanwhile read the rows as they were; the console's own writes meanwhile wait for a
 * row or find it rewritten, and the rewrite reads the index as it then is, so none is lost.
 */
async function reorderSearch(conn: PoolClient, masterId: string, lease: Date): Promise<void> {
  await conn.query("begin");
  try {
    // The list's row first: a console write that adds a Sub-user holds its row, then moves the
    // count, then waits for the rewrite (its trigger); taken after the rewrite, it deadlocked.
    const { rowCount } = await conn.query(
      "update console_sub_user_lists set unordered = 0 where master_id = $1 and leased_until = $2",
      [masterId, lease],
    );
    if (!rowCount) throw new LeaseLostError(masterId);
    // (Its statements, and the triggers that keep the search, are the store's: migrations 0021–4.)
    await conn.query("select console_sub_user_search_rewrite($1)", [masterId]);
    await conn.query("commit");
  } catch (error) {
    await conn.query("rollback");
    throw error;
  }
}

/**
 * After a large refresh: the search keys' pending entries merged (a GIN index keeps fresh rows
 * in an unsorted list every search reads whole, once per chunk it reads), the rows marked
 * visible (counts and walks read the indexes alone) and the statistics the planner chooses by
 * taken. Autovacuum would, minutes later. The refresh does not wait for it (a second of vacuum
 * at 100,000 rows); one runs at a time in a process, and one that would wait for another
 * instance's is skipped (`skip_locked`).
 */
let tidying: Promise<void> | undefined;
export function tidySubUsers(): Promise<void> {
  tidying ??= (async () => {
    const db = await getStore();
    await db.$client.query(
      "vacuum (analyze, skip_locked) console_sub_users, console_sub_user_search",
    );
  })()
    .catch((error: unknown) =>
      consoleLog().warn("the Sub-user index could not be tidied after a refresh", { error }),
    )
    .finally(() => {
      tidying = undefined;
    });
  return tidying;
}

/**
 * Takes the service's list of this Master's Sub-users into the index: conditionally (`304`
 * costs nothing) where an earlier refresh kept an entity tag, read a batch at a time, never held
 * whole. One instance refreshes a Master's list at a time (a lease in the store); another asking
 * meanwhile is told `busy`. Sub-users the list no longer has leave the index; a row the console
 * wrote itself after this refresh began is left as written.
 */
export async function refreshSubUsers(
  api: ServiceApi,
  masterId: string,
  { conditional = true }: { conditional?: boolean } = {},
): Promise<"refreshed" | "unchanged" | "busy"> {
  const db = await getStore();
  const startedAt = new Date();
  await db.insert(subUserLists).values({ masterId }).onConflictDoNothing();
  // The lease's end is also its holder's token: only the holder renews, ends or gives it back.
  let mine = new Date(startedAt.getTime() + LEASE_MS);
  const [lease] = await db
    .update(subUserLists)
    .set({ leasedUntil: mine })
    .where(
      and(
        eq(subUserLists.masterId, masterId),
        or(isNull(subUserLists.leasedUntil), lt(subUserLists.leasedUntil, startedAt)),
      ),
    )
    .returning();
  if (!lease) return "busy";
  const held = () => and(eq(subUserLists.masterId, masterId), eq(subUserLists.leasedUntil, mine));
  const release = (done: PgUpdateSetSource<typeof subUserLists> = {}) =>
    db
      .update(subUserLists)
      .set({ leasedUntil: null, ...done })
      .where(held());
  /** A refresh longer than the lease keeps it while it writes; one whose lease ran out stops. */
  const renew = async () => {
    if (mine.getTime() - Date.now() > (LEASE_MS * 2) / 3) return;
    const next = new Date(Date.now() + LEASE_MS);
    const [renewed] = await db
      .update(subUserLists)
      .set({ leasedUntil: next })
      .where(held())
      .returning({ masterId: subUserLists.masterId });
    if (!renewed) throw new LeaseLostError(masterId);
    mine = next;
  };
  // The Sub-users seen are kept on this connection, in a table of its session alone.
  const conn = await db.$client.connect();
  try {
    await conn.query("create temp table if not exists sub_users_seen (id text primary key)");
    await conn.query("truncate sub_users_seen");
    const pending: ClientUser[] = [];
    let changed = 0;
    const write = async () => {
      await renew();
      if (pending.length)
        changed += await writeBatch(conn, masterId, pending.splice(0), startedAt, mine);
    };
    const answer = await api.listClientUsers(
      {},
      {
        ifNoneMatch: conditional && lease.refresh > 0 ? (lease.etag ?? undefined) : undefined,
        stream: {
          list: "clientUsers",
          onItems: async (items) => {
            pending.push(...(items as ClientUser[]));
            if (pending.length >= WRITE_BATCH) await write();
          },
        },
      },
    );
    if (answer.notModified) {
      await release({ refreshedAt: new Date() });
      return "unchanged";
    }
    await write();
    const reorder = lease.unordered + changed >= reorderAfter(lease.total);
    if (reorder) {
      await renew();
      await reorderSearch(conn, masterId, mine);
    } else if (changed > 0)
      await db
        .update(subUserLists)
        .set({ unordered: sql`${subUserLists.unordered} + ${changed}` })
        .where(held());
    // Those not seen go, and the lease is given back, only by its holder, in one transaction.
    await conn.query("begin");
    try {
      const { rows: holding } = await conn.query(
        "select 1 from console_sub_user_lists where master_id = $1 and leased_until = $2 for update",
        [masterId, mine],
      );
      if (holding.length === 0) throw new LeaseLostError(masterId);
      const removed = await conn.query(
        `delete from console_sub_users s
          where s.master_id = $1 and (s.written_at is null or s.written_at <= $2)
            and not exists (select 1 from sub_users_seen t where t.id = s.sub_user_id)`,
        [masterId, startedAt],
      );
      await conn.query(
        `update console_sub_user_lists
            set leased_until = null, refresh = refresh + 1, refreshed_at = now(), etag = $2,
                total = (select count(*) from console_sub_users where master_id = $1)
          where master_id = $1`,
        [masterId, answer.etag ?? null],
      );
      await conn.query("commit");
      changed += removed.rowCount ?? 0;
    } catch (error) {
      await conn.query("rollback");
      throw error;
    }
    if (changed >= TIDY_AFTER_ROWS || reorder) void tidySubUsers();
    return "refreshed";
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  } finally {
    await conn.query("drop table if exists sub_users_seen").catch(() => undefined);
    conn.release();
  }
}

/** When this Master's index last took the list, or null if it never did. */
export async function subUsersRefreshedAt(masterId: string): Promise<Date | null> {
  const db = await getStore();
  const [row] = await db
    .select({ refreshedAt: subUserLists.refreshedAt, refresh: subUserLists.refresh })
    .from(subUserLists)
    .where(eq(subUserLists.masterId, masterId));
  return row && row.refresh > 0 ? row.refreshedAt : null;
}

/**
 * The Master's index, built first if it never was (the list read whole once); if another
 * instance is building it, that build is waited for. Up to `waitMs`: a page does not wait
 * seconds for a list of 100,000, it says the list is being taken (the build goes on).
 */
export async function ensureSubUsers(
  api: ServiceApi,
  masterId: string,
  { waitMs = LEASE_MS }: { waitMs?: number } = {},
): Promise<Date | null> {
  const at = await subUsersRefreshedAt(masterId);
  if (at) return at;
  // Taken now, or once another instance's build ended (up to the lease).
  const building = refreshedSubUsers(api, masterId).then(() => subUsersRefreshedAt(masterId));
  // A failed build is reported to a caller still waiting; one nobody waits for is retried later.
  building.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
  try {
    return await Promise.race([building, gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The Master's list taken into the index now, or, if another instance (or a scheduled round) is
 * taking it, once that refresh has ended: waiting up to `waitMs` (the lease, unless told), then
 * `busy` if it still runs.
 */
export async function refreshedSubUsers(
  api: ServiceApi,
  masterId: string,
  waitMs = LEASE_MS,
): Promise<"refreshed" | "unchanged" | "busy"> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const outcome = await refreshSubUsers(api, masterId);
    if (outcome !== "busy" || Date.now() >= deadline) return outcome;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const ORDER: Record<SortKey, SQL> = {
  "name-asc": sql`${subUsers.nameKey} collate "C", ${subUsers.subUserId} collate "C"`,
  "name-desc": sql`${subUsers.nameKey} collate "C" desc, ${subUsers.subUserId} collate "C" desc`,
  "created-asc": sql`${subUsers.createdAt}, ${subUsers.subUserId} collate "C"`,
  "created-desc": sql`${subUsers.createdAt} desc, ${subUsers.subUserId} collate "C" desc`,
};

/** Each order backwards (PostgreSQL puts nulls last going up, first going down: the mirror). */
const REVERSED: Record<SortKey, SQL> = {
  "name-asc": ORDER["name-desc"],
  "name-desc": ORDER["name-asc"],
  "created-asc": ORDER["created-desc"],
  "created-desc": ORDER["created-asc"],
};

/** A Sub-user's usage note beside its row of the index. */
const USAGE_OF_ROW = and(
  eq(subUserUsage.masterId, subUsers.masterId),
  eq(subUserUsage.subUserId, subUsers.subUserId),
)!;

const STATUS: Record<SubUsersListParams["status"], SQL | undefined> = {
  all: undefined,
  active: sql`${subUsers.isActive} = true`,
  inactive: sql`${subUsers.isActive} = false`,
  "near-quota": sql`exists (select 1 from ${subUserUsage}
                             where ${USAGE_OF_ROW} and ${subUserUsage.flag} is not null)`,
};

/**
 * A search's or filter's matches counted (up to a bound, for a search), with the asked page's ids
 * when they were read with the count, or every match up to the bound, in order (`found`).
 */
interface Counted {
  n: number;
  ids?: string[];
  found?: string[];
}

/** A search sorted by creation sorts at most this many matches (see `createdSearchPage`). */
export const SORTED_SEARCH_LIMIT = 5_000;

/**
 * A search's matches in the search table, read a chunk of the name order at a time (see
 * `subUserSearchChunks`): the chunk's candidates by their keys, then `matching`. The table is
 * read under the name of the rows it copies (what `matching` and the orders speak of).
 */
function matchesByChunk(masterId: string, needle: string, matching: SQL | undefined): SQL {
  // A needle shorter than a trigram has no key: its chunks are read whole. The needle's trigrams
  // are taken once and each chunk's keys made of them in an expression the planner inlines
  // (migration 0027). The Master stays a plain test: hidden from the (master, chunk) index, the
  // planner read every Master's rows of a chunk number, or the whole table (red team, stop 53).
  const keyed =
    [...needle].length >= 3
      ? sql`and ${subUsers}.keys @> array(select console_sub_user_search_key(c.master_id, c.chunk, g)
                                           from unnest(held.grams) as g)`
      : sql``;
  // (Chunk 0's row holds the trigrams a needle leaves out: migration 0024. A search row names a
  // chunk row that exists, 0025, but chunk 0's may have no rows and be gone: then none is left out.)
  return sql`console_sub_user_search_chunks as c
    cross join (select console_sub_user_search_grams(${needle},
                  coalesce((select common from console_sub_user_search_chunks
                             where master_id = ${masterId} and chunk = 0), '{}')) as grams) as held
    cross join lateral (
      select ${subUsers.subUserId}, ${subUsers.nameKey}, ${subUsers.createdAt}
        from ${subUserSearch} as ${subUsers}
       where ${subUsers}.chunk = c.chunk ${keyed} and ${matching}) as ${subUsers}
    where c.master_id = ${masterId}`;
}

/**
 * A search's first `limit` matches in name order. The chunks are read in turn, each one's matches
 * sorted (the planner's incremental sort), so a search reads no further than the chunk that fills
 * its limit, wherever its matches lie in the order.
 */
async function nameOrderedSearch(
  masterId: string,
  needle: string,
  matching: SQL | undefined,
  sort: "name-asc" | "name-desc",
  limit: number,
): Promise<string[]> {
  const db = await getStore();
  const chunks = sort === "name-asc" ? sql`c.chunk` : sql`c.chunk desc`;
  const { rows } = await db.execute<{ sub_user_id: string }>(
    sql`select ${subUsers.subUserId} from ${matchesByChunk(masterId, needle, matching)}
         order by ${chunks}, ${ORDER[sort]} limit ${limit}`,
  );
  return rows.map((r) => r.sub_user_id);
}

/**
 * A search sorted by creation: its matches counted up to `SORTED_SEARCH_LIMIT` + 1 and, when there
 * are at most that many, sorted and its page's ids read, in one statement. Beyond the bound `ids`
 * is undefined: so many matches lie close enough together in any order for `walkedPage`.
 */
async function createdSearchPage(
  masterId: string,
  needle: string,
  matching: SQL | undefined,
  order: SQL,
  offset: number,
): Promise<Counted> {
  const db = await getStore();
  const { rows } = await db.execute<{ n: number; ids: string[] }>(sql`
    with matches as materialized (
      select ${subUsers.subUserId}, ${subUsers.nameKey}, ${subUsers.createdAt}
        from ${matchesByChunk(masterId, needle, matching)} limit ${SORTED_SEARCH_LIMIT + 1})
    select (select count(*)::int from matches) as n,
           array(select sub_user_id from matches as ${subUsers}
                  order by ${order} limit ${PAGE_SIZE} offset ${offset}) as ids`);
  const { n, ids } = rows[0]!;
  return { n, ids: n <= SORTED_SEARCH_LIMIT ? ids : undefined };
}

/** The ids of one page, walking the order's index (the name index carries what a search tests). */
async function walkedPage(
  matching: SQL | undefined,
  order: SQL,
  limit: number,
  offset: number,
): Promise<string[]> {
  const db = await getStore();
  const { rows } = await db.execute<{ sub_user_id: string }>(
    sql`select ${subUsers.subUserId} from ${subUsers} where ${matching}
         order by ${order} limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => r.sub_user_id);
}

/** One page of the Master's Sub-users for a search, filter, sort and page, read in SQL. */
export async function subUsersPage(
  masterId: string,
  params: SubUsersListParams,
): Promise<SubUsersPage> {
  const db = await getStore();
  const needle = searchText(params.q.trim());
  const matching = and(
    eq(subUsers.masterId, masterId),
    STATUS[params.status],
    needle ? sql`strpos(${subUsers.haystack}, ${needle}) > 0` : undefined,
  );
  const asked = Math.max(1, params.page);
  const sort = params.sort;
  const byName = sort === "name-asc" || sort === "name-desc";
  const [[list], counted] = await Promise.all([
    db
      .select({
        refreshedAt: subUserLists.refreshedAt,
        refresh: subUserLists.refresh,
        total: subUserLists.total,
      })
      .from(subUserLists)
      .where(eq(subUserLists.masterId, masterId)),
    // A search counts its matches up to a bound (a keystroke does not count 20,000 "München"):
    // in name order it reads them all up to it, and pages them; by creation it sorts the asked
    // page with the count. A filter counts; the whole list's count is kept.
    needle && byName
      ? nameOrderedSearch(masterId, needle, matching, sort, SEARCH_COUNT_LIMIT + 1).then(
          (found): Counted => ({ n: found.length, found }),
        )
      : needle
        ? createdSearchPage(masterId, needle, matching, ORDER[sort], (asked - 1) * PAGE_SIZE)
        : params.status !== "all"
          ? db
              .select({ n: sql<number>`count(*)::int` })
              .from(subUsers)
              .where(matching)
              .then(([row]): Counted => ({ n: row!.n }))
          : undefined,
  ]);
  const total = list?.total ?? 0;
  const more = needle !== "" && (counted?.n ?? 0) > SEARCH_COUNT_LIMIT;
  const matched = more ? SEARCH_COUNT_LIMIT : (counted?.n ?? total);
  const refreshedAt = list && list.refresh > 0 ? list.refreshedAt : null;
  const pages = Math.max(1, Math.ceil(matched / PAGE_SIZE));
  const page = Math.min(asked, pages);
  const skip = (page - 1) * PAGE_SIZE;
  let ids = counted?.found
    ? counted.found.slice(skip, skip + PAGE_SIZE)
    : page === asked
      ? counted?.ids
      : undefined;
  if (!ids && needle && counted!.n <= SORTED_SEARCH_LIMIT)
    // Past the last page: the last page's, sorted again.
    ids = (await createdSearchPage(masterId, needle, matching, ORDER[sort], skip)).ids!;
  if (!ids) {
    // A page past the middle is read from the other end: the last page costs what the first does.
    // (A capped search's matches have no known end: it is read from the start.)
    const fromEnd = !more && skip > matched / 2;
    const shown = Math.min(PAGE_SIZE, Math.max(0, matched - skip));
    ids = fromEnd
      ? (await walkedPage(matching, REVERSED[sort], shown, matched - skip - shown)).reverse()
      : await walkedPage(matching, ORDER[sort], PAGE_SIZE, skip);
  }
  const read = ids.length
    ? await db
        .select({
          id: subUsers.subUserId,
          name: subUsers.name,
          isActive: subUsers.isActive,
          createdAt: subUsers.createdAt,
          keyCount: subUsers.keyCount,
          usageFlag: subUserUsage.flag,
          usageReadAt: subUserUsage.readAt,
        })
        .from(subUsers)
        .leftJoin(subUserUsage, USAGE_OF_ROW)
        .where(and(eq(subUsers.masterId, masterId), inArray(subUsers.subUserId, ids)))
    : [];
  const byId = new Map(read.map((r) => [r.id, r]));
  // (A row deleted between the two reads is left out of its page.)
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      isActive: r.isActive,
      createdAt: r.createdAt?.toISOString() ?? null,
      keyCount: r.keyCount,
      usage: r.usageReadAt
        ? { flag: r.usageFlag ?? null, readAt: r.usageReadAt.toISOString() }
        : null,
    })),
    matched,
    more,
    total,
    page,
    pages,
    refreshedAt: refreshedAt?.getTime() ?? null,
    readAt: Date.now(),
  };
}

/** A Sub-user of this Master as the index holds it, or undefined if it holds none by that id. */
export async function indexedSubUser(
  masterId: string,
  subUserId: string,
): Promise<ClientUser | undefined> {
  const db = await getStore();
  const [row] = await db
    .select({ entry: subUsers.entry })
    .from(subUsers)
    .where(and(eq(subUsers.masterId, masterId), eq(subUsers.subUserId, subUserId)));
  return row ? clientUser.parse(row.entry) : undefined;
}

/** The names of these Sub-users of this Master that the index holds (id to name). */
export async function subUserNames(masterId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const db = await getStore();
  const rows = await db
    .select({ id: subUsers.subUserId, name: subUsers.name })
    .from(subUsers)
    .where(and(eq(subUsers.masterId, masterId), inArray(subUsers.subUserId, ids)));
  return new Map(rows.filter((r) => r.name !== null).map((r) => [r.id, r.name!]));
}

/** The active Sub-users read least recently (never first), for the scheduled usage readings. */
export async function subUsersDueForReading(masterId: string, limit: number): Promise<string[]> {
  const db = await getStore();
  const rows = await db
    .select({ id: subUsers.subUserId })
    .from(subUsers)
    .leftJoin(subUserUsage, USAGE_OF_ROW)
    .where(and(eq(subUsers.masterId, masterId), sql`${subUsers.isActive} is not false`))
    .orderBy(sql`${subUserUsage.readAt} nulls first`, subUsers.subUserId)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The console changed a Sub-user (created, renamed, deactivated): the service's answer is the
 * Sub-user as it now is, written to the index at once. A refresh that began before this write
 * leaves it as written (and in the index, seen or not).
 */
export async function indexSubUser(masterId: string, user: ClientUser): Promise<void> {
  // Only a Sub-user of this Master: the service lets a Master change itself through the same call.
  if (user.id === masterId || user.isMaster === true || (user.parentId ?? masterId) !== masterId)
    return;
  const row = rowOf(masterId, user, new Date());
  const db = await getStore();
  // One statement: the row, its keys kept with those the index has (a key issued meanwhile is not
  // lost to an answer read before it), and the Master's count moved only for a new row, under
  // the lock of the Master's list row, so a refresh's recount and this never both count it.
  await db.$client.query(
    `with written as (
       insert into console_sub_users as s
              (master_id, sub_user_id, name, name_key, haystack, is_active, created_at, key_count,
               entry, written_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)
       on conflict (master_id, sub_user_id) do update set
              name = excluded.name, name_key = excluded.name_key, haystack = excluded.haystack,
              is_active = excluded.is_active, created_at = excluded.created_at,
              entry = jsonb_set(excluded.entry, '{apiKeys}', ${KEYS_UNION}),
              key_count = jsonb_array_length(${KEYS_UNION}),
              written_at = excluded.written_at
       returning xmax = 0 as added)
     update console_sub_user_lists set total = total + 1, unordered = unordered + 1
      where master_id = $1 and exists (select 1 from written where added)`,
    [
      masterId,
      row.subUserId,
      row.name,
      row.nameKey,
      row.haystack,
      row.isActive,
      row.createdAt,
      row.keyCount,
      JSON.stringify(row.entry),
      row.writtenAt,
    ],
  );
}

/** The new entry's keys, then any the row had that the new entry lacks (keys are never removed). */
const KEYS_UNION = `(coalesce(excluded.entry -> 'apiKeys', '[]'::jsonb) || coalesce((
    select jsonb_agg(k) from jsonb_array_elements(coalesce(s.entry -> 'apiKeys', '[]'::jsonb)) k
     where not exists (select 1 from jsonb_array_elements(coalesce(excluded.entry -> 'apiKeys', '[]'::jsonb)) n
                        where n ->> 'id' = k ->> 'id')), '[]'::jsonb))`;

/**
 * Part of an indexed Sub-user changed through the console (a key issued: its metadata only, never
 * the plaintext; rate limits replaced): merged into its entry at once, in one statement, so two
 * changes at once both stay.
 */
export async function changeIndexedSubUser(
  masterId: string,
  subUserId: string,
  change:
    | { keyIssued: NonNullable<ClientUser["apiKeys"]>[number] }
    | {
        rateLimits: NonNullable<ClientUser["rateLimits"]>;
      },
): Promise<void> {
  const db = await getStore();
  if ("keyIssued" in change) {
    const key = {
      id: change.keyIssued.id,
      label: change.keyIssued.label,
      isActive: change.keyIssued.isActive,
      createdAt: change.keyIssued.createdAt,
    };
    await db.$client.query(
      `update console_sub_users
          set entry = jsonb_set(entry, '{apiKeys}', coalesce(entry -> 'apiKeys', '[]'::jsonb) || jsonb_build_array($3::jsonb)),
              key_count = coalesce(key_count, 0) + 1, written_at = now()
        where master_id = $1 and sub_user_id = $2
          and not coalesce(entry -> 'apiKeys', '[]'::jsonb) @> jsonb_build_array(jsonb_build_object('id', $4::text))`,
      [masterId, subUserId, JSON.stringify(key), key.id],
    );
    return;
  }
  await db.$client.query(
    `update console_sub_users set entry = jsonb_set(entry, '{rateLimits}', $3::jsonb), written_at = now()
      where master_id = $1 and sub_user_id = $2`,
    [masterId, subUserId, JSON.stringify(change.rateLimits)],
  );
}

/** A usage reading of a Sub-user: its most urgent plan state, shown and filtered by in the list. */
export async function noteSubUserUsage(
  subUserId: string,
  flag: "warning" | "exhausted" | null,
  takenAt: Date,
): Promise<void> {
  const db = await getStore();
  // For each Master whose index holds it; a later reading arriving first is kept. A refresh that
  // removes the Sub-user meanwhile leaves nothing to note (its foreign key refuses the row).
  await db
    .execute(
      sql`
    insert into ${subUserUsage} (master_id, sub_user_id, flag, read_at)
    select ${subUsers.masterId}, ${subUsers.subUserId}, ${flag}::text, ${takenAt}::timestamptz
      from ${subUsers} where ${subUsers.subUserId} = ${subUserId}
    on conflict (master_id, sub_user_id) do update set flag = excluded.flag, read_at = excluded.read_at
     where ${subUserUsage.readAt} <= excluded.read_at`,
    )
    .catch((error: unknown) => {
      if (postgresErrorCode(error) !== FOREIGN_KEY_VIOLATION) throw error;
    });
}
