import { z } from "zod";

/**
 * A list's state lives in its URL (search, filters, sort, page), so a reload, a shared link or
 * the back button shows the same rows. Each list declares its parameters with these helpers;
 * a value that does not parse falls back to the default instead of failing the page.
 */
export const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

/** One of `values`, or `fallback` for anything else (a stale or hand-edited URL). */
export function oneOf<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
) {
  return z.enum(values).catch(fallback);
}

/**
 * Exactly one of `values`, or absent (`fallback`): for an address that asks for something (an
 * export's format), where a value it does not know is refused, not taken for another.
 */
export function exactlyOneOf<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
) {
  return z.enum(values).default(fallback);
}

/** The keys of a table of choices and their words, in order: the values `oneOf` accepts. */
export function choiceKeys<const K extends string>(words: Record<K, string>) {
  return Object.keys(words) as [K, ...K[]];
}

/** A page's query string as Next.js gives it: each name once, several times, or not at all. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** The props of a page that reads its query string. */
export interface SearchPageProps {
  searchParams: Promise<SearchParams>;
}

/** The props of a page of a dynamic route: its segments `P`, and its query string. */
export interface RoutePageProps<P extends Record<string, string>> extends SearchPageProps {
  params: Promise<P>;
}

// A NUL is not text PostgreSQL stores or compares: it is dropped, not searched for.
export const textParam = z
  .string()
  .transform((s) => s.replaceAll("\u0000", ""))
  .pipe(z.string().trim().max(200))
  .catch("");

/** An identifier in a list's address (a Client's, a key's): longer than any the service issues. */
export const idParam = z.string().max(100).catch("");

/** A day as a person typed it in a list's filter, checked by the list (which says what it wants). */
export const dayParam = z.string().max(40).catch("");

/** Reads a page's `searchParams` (first value of repeated keys) against a list's schema. */
export function readListParams<S extends z.ZodObject>(
  schema: S,
  searchParams: SearchParams,
): z.output<S> {
  const flat = Object.fromEntries(
    Object.entries(searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
  );
  return schema.parse(flat);
}

/**
 * The address of the list with `changes` applied to `current`. Parameters equal to their
 * defaults are left out so that the plain address is the default view.
 */
export function listHref(
  path: string,
  current: Record<string, string | number | undefined>,
  changes: Record<string, string | number | undefined>,
  defaults: Record<string, string | number> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...current, ...changes })) {
    if (value === undefined || value === "" || defaults[key] === value) continue;
    if (key === "page" && value === 1) continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
