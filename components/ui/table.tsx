/** A table's column headers, each a `th scope="col"`. */
export function TableHead({
  columns,
  className = "text-slate-600",
}: {
  columns: readonly string[];
  className?: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col" className="py-1 pr-4 font-medium">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
