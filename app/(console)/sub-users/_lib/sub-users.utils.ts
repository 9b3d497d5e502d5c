import { z } from "zod";
import { oneOf, pageParam, textParam } from "@/lib/list-params";

export interface SubUserRow {
  id: string;
  name: string | null;
  isActive: boolean | null;
  createdAt: string | null;
  keyCount: number | null;
  /** The most urgent plan state at the console's last usage reading of this Sub-user. */
  usage: { flag: "warning" | "exhausted" | null; readAt: string } | null;
}

export const STATUS_FILTERS = ["all", "active", "inactive", "near-quota"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const SORT_KEYS = ["name-asc", "name-desc", "created-desc", "created-asc"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** The list's state in its address: `?q=…&status=…&sort=…&page=…`. */
export const subUsersListParams = z.object({
  q: textParam,
  status: oneOf(STATUS_FILTERS, "all"),
  sort: oneOf(SORT_KEYS, "name-asc"),
  page: pageParam,
});
export type SubUsersListParams = z.output<typeof subUsersListParams>;
export const SUB_USERS_LIST_DEFAULTS = { q: "", status: "all", sort: "name-asc" } as const;

export interface IndexedRow extends SubUserRow {
  /** Lower-cased name and id, computed once so a keystroke only scans strings. */
  haystack: string;
}

export function indexRows(rows: SubUserRow[]): IndexedRow[] {
  return rows.map((r) => ({ ...r, haystack: `${r.name ?? ""}\u0000${r.id}`.toLowerCase() }));
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

const comparators: Record<SortKey, (a: IndexedRow, b: IndexedRow) => number> = {
  "name-asc": (a, b) => collator.compare(a.name ?? "", b.name ?? "") || a.id.localeCompare(b.id),
  "name-desc": (a, b) => collator.compare(b.name ?? "", a.name ?? "") || a.id.localeCompare(b.id),
  "created-desc": (a, b) =>
    (b.createdAt ?? "").localeCompare(a.createdAt ?? "") || a.id.localeCompare(b.id),
  "created-asc": (a, b) =>
    (a.createdAt ?? "").localeCompare(b.createdAt ?? "") || a.id.localeCompare(b.id),
};

/** Sorting is done once per sort order; a keystroke then only filters the sorted rows (filtering keeps order). */
export function sortSubUsers(rows: IndexedRow[], sort: SortKey): IndexedRow[] {
  return [...rows].sort(comparators[sort]);
}

const statusMatches: Record<StatusFilter, (r: SubUserRow) => boolean> = {
  all: () => true,
  active: (r) => r.isActive === true,
  inactive: (r) => r.isActive === false,
  "near-quota": (r) => r.usage?.flag != null,
};

/** Search (name or id, case-insensitive) and status filter; rows of unknown status match only "all". */
export function matchSubUsers(
  sorted: IndexedRow[],
  opts: { query: string; status: StatusFilter },
): IndexedRow[] {
  const needle = opts.query.trim().toLowerCase();
  if (needle === "" && opts.status === "all") return sorted;
  const status = statusMatches[opts.status];
  return sorted.filter((r) => status(r) && (needle === "" || r.haystack.includes(needle)));
}

export function filterSubUsers(
  rows: IndexedRow[],
  opts: { query: string; status: StatusFilter; sort: SortKey },
): IndexedRow[] {
  return matchSubUsers(sortSubUsers(rows, opts.sort), opts);
}

export const PAGE_SIZE = 50;

export function pageOf<T>(rows: T[], page: number): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  return {
    items: rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE),
    page: current,
    pages,
  };
}
