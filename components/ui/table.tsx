export type Column = string | { label: string; sort?: "ascending" | "descending" };

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
          const { label, sort } = typeof c === "string" ? { label: c, sort: undefined } : c;
          return (
            <th
              key={label}
              scope="col"
              aria-sort={sort}
              className={boxed ? "px-4 py-2 font-medium" : "py-1 pr-4 font-medium"}
            >
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
