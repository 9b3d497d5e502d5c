/**
 * A Master's Sub-user list as an instance keeps it between reads: each Sub-user's serialised
 * entry with the key the list is ordered by (created, in microseconds, then the id byte by byte,
 * as `subUserListRows` orders it). A change to a few Sub-users then costs reading those again and
 * splicing them in, not reading and serialising all 10,000.
 */
export interface SubUserListParts {
  ids: string[];
  createdUs: number[];
  entries: string[];
}

/** The answer's body: exactly `JSON.stringify({ clientUsers })` of the entries' objects. */
export function subUserListBody(parts: SubUserListParts): string {
  return `{"clientUsers":[${parts.entries.join(",")}]}`;
}

// Ids are ASCII, so comparing UTF-16 code units orders them as PostgreSQL's "C" collation does.
const before = (aUs: number, aId: string, bUs: number, bId: string) =>
  aUs < bUs || (aUs === bUs && aId < bId);

/**
 * The kept list with the Sub-users in `changed` replaced by `fresh`, their entries as they are
 * now (in list order): a changed Sub-user missing from `fresh` is gone from the list (removed, or
 * no longer this Master's), one new to the list takes its place in the order.
 */
export function patchedSubUserList(
  kept: SubUserListParts,
  changed: readonly string[],
  fresh: SubUserListParts,
): SubUserListParts {
  const gone = new Set(changed);
  const out: SubUserListParts = { ids: [], createdUs: [], entries: [] };
  const push = (from: SubUserListParts, i: number) => {
    out.ids.push(from.ids[i]!);
    out.createdUs.push(from.createdUs[i]!);
    out.entries.push(from.entries[i]!);
  };
  let j = 0;
  for (let i = 0; i < kept.ids.length; i++) {
    if (gone.has(kept.ids[i]!)) continue;
    while (
      j < fresh.ids.length &&
      before(fresh.createdUs[j]!, fresh.ids[j]!, kept.createdUs[i]!, kept.ids[i]!)
    )
      push(fresh, j++);
    push(kept, i);
  }
  while (j < fresh.ids.length) push(fresh, j++);
  return out;
}
