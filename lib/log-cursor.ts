import { z } from "zod";

/**
 * Where a page of a log starts: just past the entry `id` written at `at` (to the microsecond, as
 * PostgreSQL keeps it), towards the end of the list (`next`) or back towards its top
 * (`previous`). In a page's address as `next=<cursor>` or `prev=<cursor>`.
 */
export interface LogCursor {
  toward: "next" | "previous";
  at: string;
  id: string;
}

const AT = /^(19|20)\d{2}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID = /^[A-Za-z0-9_-]{1,100}$/;

/** An entry's place as text: its time, then its id (a time holds no `~`). */
export function logCursorText(entry: { at: string; id: string }): string {
  return `${entry.at}~${entry.id}`;
}

function cursorAt(text: string): { at: string; id: string } | null {
  const split = text.indexOf("~");
  if (split < 0) return null;
  const at = text.slice(0, split);
  const id = text.slice(split + 1);
  if (!AT.test(at) || !ID.test(id)) return null;
  // A real date and time: the same after a round trip (30 February would come back as March).
  const time = Date.parse(at);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 19) !== at.slice(0, 19))
    return null;
  return { at, id };
}

/** A cursor parameter as text: a place that parses, or "" (a stale or hand-edited address shows the top). */
export const cursorParam = z
  .string()
  .max(140)
  .refine((text) => cursorAt(text) !== null)
  .catch("");

/** The cursor a list's address asks for: `next` wins over `prev`; none is the top. */
export function logCursorOf(params: { next?: string; prev?: string }): LogCursor | null {
  const next = params.next ? cursorAt(params.next) : null;
  if (next) return { toward: "next", ...next };
  const previous = params.prev ? cursorAt(params.prev) : null;
  if (previous) return { toward: "previous", ...previous };
  return null;
}
