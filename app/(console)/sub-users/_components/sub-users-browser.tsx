"use client";

import { ScrollRegion, TableHead } from "@/components/ui/table";
import { Link } from "@/components/ui/link";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { formatDate, formatCount, formatDateTime } from "@/lib/format";
import { listHref } from "@/lib/list-params";
import { fetchSubUsersPage } from "../_lib/fetch-sub-users-page";
import { SubUsersFreshness } from "./sub-users-freshness";
import type { SubUsersPage } from "@/lib/sub-users/sub-user-index";
import {
  SUB_USERS_LIST_DEFAULTS,
  type SortKey,
  type StatusFilter,
  type SubUserRow,
  type SubUsersListParams,
} from "@/lib/sub-users/sub-user-rows";

const SORT_LABELS: Record<SortKey, string> = {
  "name-asc": "Name, A to Z",
  "name-desc": "Name, Z to A",
  "created-desc": "Newest first",
  "created-asc": "Oldest first",
};

/** The most urgent plan state at the last reading, and when that was. */
function UsageFlag({ usage }: { usage: SubUserRow["usage"] }) {
  if (!usage) return <span className="text-slate-500">not read yet</span>;
  return (
    <span className="flex flex-col items-start gap-0.5">
      {usage.flag === "exhausted" ? (
        <Badge tone="red">quota used up</Badge>
      ) : usage.flag === "warning" ? (
        <Badge tone="amber">90 percent reached</Badge>
      ) : (
        <span>within quota</span>
      )}
      <span className="text-xs text-slate-500">{formatDateTime(usage.readAt)}</span>
    </span>
  );
}

/**
 * Search, filter, sort and page on the console's server: the browser holds one page, never the
 * whole list. The state is mirrored into the address (replaced, not pushed, while typing), so a
 * reload or a shared link shows the same view; while a page loads the previous one stays.
 */
export function SubUsersBrowser({
  first,
  highlight,
  initial,
}: {
  first: SubUsersPage;
  highlight?: { name: string; since: string };
  initial: SubUsersListParams;
}) {
  const [query, setQuery] = useState(initial.q);
  const [status, setStatus] = useState<StatusFilter>(initial.status);
  const [sort, setSort] = useState<SortKey>(initial.sort);
  const [page, setPage] = useState(initial.page);
  // Each keystroke asks the server at once; the previous page stays until the answer arrives.
  const params = { q: query.trim(), status, sort, page };
  const isInitial =
    params.q === initial.q.trim() &&
    status === initial.status &&
    sort === initial.sort &&
    page === initial.page;
  const list = useQuery({
    // Keyed by the server's reading: after a change and a refresh, nothing older is shown.
    queryKey: ["sub-users", first.readAt, params],
    queryFn: () =>
      fetchSubUsersPage(params, { failure: "The console could not read the list. Try again." }),
    // The server rendered the first view; a refresh of the page brings a new one.
    initialData: isInitial ? first : undefined,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    const href = listHref(window.location.pathname, params, {}, SUB_USERS_LIST_DEFAULTS);
    if (href !== `${window.location.pathname}${window.location.search}`)
      window.history.replaceState(null, "", href);
  });
  /** A sortable column: its order now, and a click that sorts by it (or reverses it). */
  const sortable = (label: string, asc: SortKey, desc: SortKey) => ({
    label,
    sort:
      sort === asc ? ("ascending" as const) : sort === desc ? ("descending" as const) : undefined,
    onSort: () => {
      setSort(sort === asc ? desc : asc);
      setPage(1);
    },
  });
  const current = list.data ?? first;

  const isHighlighted = (r: SubUserRow) =>
    highlight !== undefined &&
    r.name === highlight.name &&
    r.createdAt !== null &&
    r.createdAt >= highlight.since;

  /** A change of search, filter or order shows its first page. */
  const fromFirstPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <section aria-labelledby="list-heading">
      <h2 id="list-heading" className="sr-only">
        All Sub-users
      </h2>
      <div className="mb-4 grid gap-4 sm:grid-cols-[1fr_auto_auto]">
        <TextField
          label="Search by name or id"
          type="search"
          value={query}
          onChange={(e) => fromFirstPage(setQuery)(e.target.value)}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => fromFirstPage(setStatus)(e.target.value as StatusFilter)}
          choices={[
            ["all", "All"],
            ["active", "Active"],
            ["inactive", "Deactivated"],
            ["near-quota", "At 90 percent of a plan or more"],
          ]}
        />
        <SelectField
          label="Sort"
          value={sort}
          onChange={(e) => fromFirstPage(setSort)(e.target.value as SortKey)}
          choices={Object.entries(SORT_LABELS)}
        />
      </div>
      <SubUsersFreshness refreshedAt={current.refreshedAt} />
      <p role="status" className="mb-2 text-sm text-slate-600" data-testid="sub-user-count">
        {current.more
          ? `More than ${formatCount(current.matched)} of ${formatCount(current.total)} Sub-users match: the first ${formatCount(current.matched)} are shown; a longer search narrows them.`
          : `${formatCount(current.matched)} of ${formatCount(current.total)} Sub-users`}
      </p>
      {list.error ? (
        <Alert tone="danger" className="mb-2">
          {list.error.message} The list below is the last one read.
        </Alert>
      ) : null}
      <ScrollRegion
        label="Sub-users of this Master client"
        className="rounded-lg border border-slate-200 bg-white"
      >
        <table className="w-full text-left text-sm" aria-busy={list.isFetching}>
          <caption className="sr-only">Sub-users of this Master client</caption>
          <TableHead
            boxed
            columns={[
              sortable("Name", "name-asc", "name-desc"),
              "Id",
              "Status",
              "Keys",
              "Usage",
              sortable("Created", "created-asc", "created-desc"),
            ]}
          />
          <tbody>
            {current.items.map((r) => (
              <tr
                key={r.id}
                className={`border-t border-slate-100 ${isHighlighted(r) ? "bg-amber-50" : ""}`}
                data-testid="sub-user-row"
              >
                <td className="px-4 py-2">
                  {/* Not prefetched: each keystroke brings up to 50 new rows into view. */}
                  <Link
                    href={`/sub-users/${encodeURIComponent(r.id)}`}
                    prefetch={false}
                    className="text-brand-700 underline"
                  >
                    {r.name ?? "(name not reported)"}
                  </Link>
                  {isHighlighted(r) ? (
                    <span className="ml-2 text-xs text-amber-900">created since your attempt</span>
                  ) : null}
                </td>
                <td className="px-4 py-2">
                  <code>{r.id}</code>
                </td>
                <td className="px-4 py-2">
                  {r.isActive === null ? (
                    <Badge>unknown</Badge>
                  ) : r.isActive ? (
                    <Badge tone="green">active</Badge>
                  ) : (
                    <Badge tone="red">deactivated</Badge>
                  )}
                </td>
                <td className="px-4 py-2">{r.keyCount ?? "—"}</td>
                <td className="px-4 py-2" data-testid="sub-user-usage">
                  <UsageFlag usage={r.usage} />
                </td>
                <td className="px-4 py-2">{formatDate(r.createdAt)}</td>
              </tr>
            ))}
            {current.items.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-4 py-6 text-center text-slate-500">
                  No Sub-user matches.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </ScrollRegion>
      {current.pages > 1 ? (
        <nav aria-label="Pages" className="mt-3 flex items-center gap-3 text-sm">
          <Button
            variant="secondary"
            disabled={current.page <= 1}
            onClick={() => setPage(current.page - 1)}
          >
            Previous
          </Button>
          <span>
            Page {current.page} of {current.pages}
          </span>
          <Button
            variant="secondary"
            disabled={current.page >= current.pages}
            onClick={() => setPage(current.page + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
