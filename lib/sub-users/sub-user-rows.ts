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

export const PAGE_SIZE = 50;

/** Digit runs are padded to this many digits, so that they order by value ("9" before "10"). */
const DIGITS = 12;

/**
 * A name folded for ordering in SQL byte by byte: lower case, accents dropped ("Ü" as "u"), digit
 * runs padded. The index orders by it whatever the database's collation is.
 */
export function nameKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\d+/g, (run) => (run.length >= DIGITS ? run : run.padStart(DIGITS, "0")));
}

/**
 * A name, id or search as a search compares it: lower case, a word-final sigma as any other (JS
 * lower-cases "ΚΩΣ" to "κως" but "ΚΩΣΤΑΣ" to "κωστας": the one would not find the other).
 */
export function searchText(text: string): string {
  return text.toLowerCase().replaceAll("ς", "σ");
}
