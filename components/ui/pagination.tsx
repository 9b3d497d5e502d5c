import { Link } from "@/components/ui/link";

const link =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100";
const inert = "rounded-md border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-500";

/** Previous and next as links (the page number lives in the address), and where one is. */
export function Pagination({
  page,
  pages,
  hrefFor,
  label = "Pages",
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      {page > 1 ? (
        <Link className={link} href={hrefFor(page - 1)} rel="prev">
          Previous
        </Link>
      ) : (
        <span className={inert} aria-disabled="true">
          Previous
        </span>
      )}
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link className={link} href={hrefFor(page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span className={inert} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
