import "server-only";
import { type ServiceApi } from "@/lib/api/client";
import { LruMap } from "@/lib/lru-map";
import { consoleLog } from "@/lib/log/console-log";
import { processState } from "@/lib/process-state";
import { bumpCacheVersion, cacheVersion } from "@/lib/store/cache-versions";
import { latestReadings } from "@/lib/usage/usage-readings";
import { worstPlanState } from "@/lib/usage/plan-state";
import {
  indexRows,
  type IndexedRow,
  matchSubUsers,
  pageOf,
  type SortKey,
  sortSubUsers,
  type SubUserRow,
  type SubUsersListParams,
} from "./sub-users.utils";

/** One page of the list as the browser receives it: never the whole list. */
export interface SubUsersPage {
  items: SubUserRow[];
  matched: number;
  total: number;
  page: number;
  pages: number;
  /** When the list was read from the service (ms since the epoch). */
  readAt: number;
}

/**
 * The Master's Sub-users, indexed on the console's server so that search, filter, sort and page
 * answer without shipping the list to the browser. A page view always reads the list fresh from
 * the service; the searches that follow use that reading for up to `MAX_AGE_MS`. A change made
 * through any console instance drops it everywhere: it bumps the Master's version in the store,
 * which every search compares first. Bounded: the least recently used Masters are dropped first.
 */
const MAX_AGE_MS = 60_000;
const MAX_MASTERS = 32;

interface Entry {
  at: number;
  /** The Master's version in the store when the list was read. */
  version: number;
  rows: IndexedRow[];
  sorted: Map<SortKey, IndexedRow[]>;
}
// One index per process: the page, the keystrokes' route handler and the actions that change
// Sub-users (each bundled apart by Next.js) read and clear the same one.
const entries = processState("sub-users-index", () => new LruMap<string, Entry>(MAX_MASTERS));

const scopeOf = (clientId: string) => `sub-users:${clientId}`;

async function read(api: ServiceApi, clientId: string, version: number): Promise<Entry> {
  const { data } = await api.listClientUsers();
  const readings = await latestReadings(data.clientUsers.map((u) => u.id));
  const rows = data.clientUsers.map((u): SubUserRow => {
    const reading = readings.get(u.id);
    return {
      id: u.id,
      name: u.name ?? null,
      isActive: u.isActive ?? null,
      createdAt: u.createdAt ?? null,
      keyCount: u.apiKeys?.length ?? null,
      usage: reading
        ? {
            flag: worstPlanState(reading.plans.map((p) => p.state)),
            readAt: reading.takenAt.toISOString(),
          }
        : null,
    };
  });
  const entry = { at: Date.now(), version, rows: indexRows(rows), sorted: new Map() };
  entries.set(clientId, entry);
  return entry;
}

async function entryFor(api: ServiceApi, clientId: string, fresh: boolean): Promise<Entry> {
  // Read before the list: a change landing meanwhile leaves this copy older than the store's.
  const version = await cacheVersion(scopeOf(clientId));
  const cached = entries.get(clientId);
  if (!fresh && cached && cached.version === version && Date.now() - cached.at < MAX_AGE_MS)
    return cached;
  return read(api, clientId, version);
}

/** One page of the Master's Sub-users for these list parameters. */
export async function subUsersPage(
  api: ServiceApi,
  clientId: string,
  params: SubUsersListParams,
  options: { fresh: boolean },
): Promise<SubUsersPage> {
  const entry = await entryFor(api, clientId, options.fresh);
  let sorted = entry.sorted.get(params.sort);
  if (!sorted) {
    sorted = sortSubUsers(entry.rows, params.sort);
    entry.sorted.set(params.sort, sorted);
  }
  const matched = matchSubUsers(sorted, { query: params.q, status: params.status });
  const current = pageOf(matched, params.page);
  return {
    // Only what a row shows: the search index stays on the server.
    items: current.items.map(({ haystack: _haystack, ...row }) => row),
    matched: matched.length,
    total: entry.rows.length,
    page: current.page,
    pages: current.pages,
    readAt: entry.at,
  };
}

/** The console changed this Master's Sub-users: the next search on any instance reads the list again. */
export async function forgetSubUsers(clientId: string) {
  entries.delete(clientId);
  // The change itself went through: a store that fails here leaves other instances' copies to
  // their age bound, and the person's action is not reported failed for it.
  await bumpCacheVersion(scopeOf(clientId)).catch((error: unknown) =>
    consoleLog().warn("the Sub-users index version could not be bumped", { error }),
  );
}
