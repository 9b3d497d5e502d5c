import { Link } from "@/components/ui/link";
import { type ReactNode } from "react";

type SortOrder = "ascending" | "descending";

/**
 * A column header: its label, how the table is sorted by it (if it is), and how to sort by it:
 * `sortHref` for lists whose order lives in the address, `onSort` for lists sorted in the browser.
 */
export type Column =
  string | { label: string; sort?: SortOrder; sortHref?: string; onSort?: () => void };

function SortableLabel({ label, sort }: { label: string; sort?: SortOrder }) {
  return (
    <>
      {label}
      <span aria-hidden="true" className="ml-1 inline-block w-3">
        {sort === "ascending" ? "▲" : sort === "descending" ? "▼" : "↕"}
      </span>
    </>
  );
}

const sortControl =
  "inline-flex items-center rounded font-medium text-slate-700 underline-offset-2 hover:underline";

/**
 * A table's column headers, each a `th scope="col"` (with `aria-sort` where the table is sorted
 * by it). `boxed` is for tables in a bordered box: padded cells on a tinted row.
 */
export function TableHead({
  columns,
  boxed = false,
}: {
  columns: readonly Column[];
  boxed?: boolean;
}) {
  return (
    <thead className={boxed ? "bg-slate-50 text-slate-600" : "text-slate-600"}>
      <tr>
        {columns.map((c) => {
          const column = typeof c === "string" ? { label: c } : c;
          const { label, sort } = column;
          return (
            <th
              key={label}
              scope="col"
              aria-sort={sort}
              className={boxed ? "px-4 py-2 font-medium" : "py-1 pr-4 font-medium"}
            >
              {"sortHref" in column && column.sortHref ? (
                <Link href={column.sortHref} className={sortControl} scroll={false}>
                  <SortableLabel label={label} sort={sort} />
                </Link>
              ) : "onSort" in column && column.onSort ? (
                <button type="button" onClick={column.onSort} className={sortControl}>
                  <SortableLabel label={label} sort={sort} />
                </button>
              ) : (
                label
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/**
 * A table of rows, one cell per column: caption for screen readers, headers with `scope`, and
 * the `empty` text instead of the table when there is no row. With `rowHeaders`, a row's first
 * cell names the row (`th scope="row"`), as in a table of figures per series.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  keyOf,
  cells,
  empty,
  boxed = false,
  rowHeaders = false,
  rowTestId,
  testId,
}: {
  caption: string;
  columns: readonly Column[];
  rows: readonly T[];
  keyOf: (row: T) => string;
  cells: (row: T) => ReactNode[];
  empty: ReactNode;
  boxed?: boolean;
  rowHeaders?: boolean;
  rowTestId?: string;
  testId?: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  const cell = boxed ? "px-4 py-2" : "py-2 pr-4";
  const table = (
    <table className="w-full text-left text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <TableHead columns={columns} boxed={boxed} />
      <tbody>
        {rows.map((row) => (
          <tr
            key={keyOf(row)}
            className="border-t border-slate-100 align-top"
            data-testid={rowTestId}
          >
            {cells(row).map((content, i) =>
              rowHeaders && i === 0 ? (
                <th key={i} scope="row" className={`${cell} font-medium`}>
                  {content}
                </th>
              ) : (
                <td key={i} className={cell}>
                  {content}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <ScrollRegion
      label={caption}
      className={boxed ? "rounded-lg border border-slate-200 bg-white" : ""}
    >
      {table}
    </ScrollRegion>
  );
}

/**
 * Records whose fields the interface does not fix, as a table: a column per field any of them
 * has, "—" where one lacks it; nothing at all when there is no record.
 */
export function RecordsTable({
  caption,
  records,
}: {
  caption: string;
  records: readonly Record<string, unknown>[];
}) {
  if (records.length === 0) return null;
  const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={records}
      keyOf={(r) => JSON.stringify(r)}
      cells={(r) => columns.map((c) => String(r[c] ?? "—"))}
      empty=""
    />
  );
}

/**
 * A region that scrolls sideways when its content is wider than the screen (a table on a
 * phone): focusable, so a keyboard can scroll it, and named for screen readers.
 */
export function ScrollRegion({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
