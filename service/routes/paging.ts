/**
 * One page of a complete list, as the contract's offset paging answers it: without `limit` the
 * whole list; with it, `limit` items from `offset`, and whether more follow.
 */
export function pageOf<T>(items: T[], limit?: number, offset = 0) {
  if (limit === undefined)
    return { slice: items, page: { returned: items.length, hasMore: false } };
  const slice = items.slice(offset, offset + limit);
  return { slice, page: { returned: slice.length, hasMore: offset + slice.length < items.length } };
}
