"use client";

import { ScrollRegion, TableHead } from "@/components/ui/table";
import { Link } from "@/components/ui/link";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
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
import { useFormats } from "@/components/i18n/formats-provider";

const SORT_LABELS = {
  "name-asc": "nameAsc",
  "name-desc": "nameDesc",
  "created-desc": "createdDesc",
  "created-asc": "createdAsc",
} as const satisfies Record<SortKey, string>;

/** The most urgent plan state at the last reading, and when that was. */
function UsageFlag({ usage }: { usage: SubUserRow["usage"] }) {
  const formats = useFormats();
  const t = useTranslations("subUsers.browser.usage");
  if (!usage) return <span className="text-slate-500">{t("notRead")}</span>;
  return (
    <span className="flex flex-col items-start gap-0.5">
      {usage.flag === "exhausted" ? (
        <Badge tone="red">{t("exhausted")}</Badge>
      ) : usage.flag === "warning" ? (
        <Badge tone="amber">{t("warning")}</Badge>
      ) : (
        <span>{t("within")}</span>
      )}
      <span className="text-xs text-slate-500">{formats.dateTime(usage.readAt)}</span>
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
  const formats = useFormats();
  const t = useTranslations("subUsers.browser");
  const ts = useTranslations("subUsers.status");
  const actions = useTranslations("forms.actions");
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
      fetchSubUsersPage(params, { failure: t("failure"), expired: actions("expired") }),
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
        {t("heading")}
      </h2>
      <div className="mb-4 grid gap-4 sm:grid-cols-[1fr_auto_auto]">
        <TextField
          label={t("search")}
          type="search"
          value={query}
          onChange={(e) => fromFirstPage(setQuery)(e.target.value)}
        />
        <SelectField
          label={t("statusLabel")}
          value={status}
          onChange={(e) => fromFirstPage(setStatus)(e.target.value as StatusFilter)}
          choices={[
            ["all", t("statusChoices.all")],
            ["active", t("statusChoices.active")],
            ["inactive", t("statusChoices.inactive")],
            ["near-quota", t("statusChoices.nearQuota")],
          ]}
        />
        <SelectField
          label={t("sortLabel")}
          value={sort}
          onChange={(e) => fromFirstPage(setSort)(e.target.value as SortKey)}
          choices={Object.entries(SORT_LABELS).map(
            ([key, label]) => [key, t(`sort.${label}`)] as const,
          )}
        />
      </div>
      <SubUsersFreshness refreshedAt={current.refreshedAt} />
      <p role="status" className="mb-2 text-sm text-slate-600" data-testid="sub-user-count">
        {current.more
          ? t("countMore", {
              matched: formats.count(current.matched),
              total: formats.count(current.total),
            })
          : t("count", {
              matched: formats.count(current.matched),
              total: formats.count(current.total),
            })}
      </p>
      {list.error ? (
        <Alert tone="danger" className="mb-2">
          {list.error.message} {t("lastRead")}
        </Alert>
      ) : null}
      <ScrollRegion label={t("tableLabel")} className="rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" aria-busy={list.isFetching}>
          <caption className="sr-only">{t("tableLabel")}</caption>
          <TableHead
            boxed
            columns={[
              sortable(t("columns.name"), "name-asc", "name-desc"),
              t("columns.id"),
              t("columns.status"),
              t("columns.keys"),
              t("columns.usage"),
              sortable(t("columns.created"), "created-asc", "created-desc"),
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
                    {r.name ?? t("nameNotReported")}
                  </Link>
                  {isHighlighted(r) ? (
                    <span className="ml-2 text-xs text-amber-900">{t("createdSinceAttempt")}</span>
                  ) : null}
                </td>
                <td className="px-4 py-2">
                  <code>{r.id}</code>
                </td>
                <td className="px-4 py-2">
                  {r.isActive === null ? (
                    <Badge>{ts("unknown")}</Badge>
                  ) : r.isActive ? (
                    <Badge tone="green">{ts("active")}</Badge>
                  ) : (
                    <Badge tone="red">{ts("deactivated")}</Badge>
                  )}
                </td>
                <td className="px-4 py-2">{r.keyCount ?? "—"}</td>
                <td className="px-4 py-2" data-testid="sub-user-usage">
                  <UsageFlag usage={r.usage} />
                </td>
                <td className="px-4 py-2">{formats.date(r.createdAt)}</td>
              </tr>
            ))}
            {current.items.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-4 py-6 text-center text-slate-500">
                  {t("empty")}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </ScrollRegion>
      {current.pages > 1 ? (
        <nav aria-label={t("pages")} className="mt-3 flex items-center gap-3 text-sm">
          <Button
            variant="secondary"
            disabled={current.page <= 1}
            onClick={() => setPage(current.page - 1)}
          >
            {t("previous")}
          </Button>
          <span>{t("pageOf", { page: current.page, pages: current.pages })}</span>
          <Button
            variant="secondary"
            disabled={current.page >= current.pages}
            onClick={() => setPage(current.page + 1)}
          >
            {t("next")}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
