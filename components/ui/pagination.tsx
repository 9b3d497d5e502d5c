import { useTranslations } from "next-intl";
import { type ReactNode } from "react";
import { Link } from "@/components/ui/link";

const link =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100";
const inert = "rounded-md border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-500";

/** One step of a list's paging: a link when there is somewhere to go, otherwise its inert word. */
export function PageStep({
  href,
  rel,
  children,
}: {
  href: string | null;
  rel?: "prev" | "next";
  children: ReactNode;
}) {
  return href ? (
    <Link className={link} href={href} rel={rel}>
      {children}
    </Link>
  ) : (
    <span className={inert} aria-disabled="true">
      {children}
    </span>
  );
}

/** Previous and next as links (the page number lives in the address), and where one is. */
export function Pagination({
  page,
  pages,
  hrefFor,
  label,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  const t = useTranslations("ui.pagination");
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={label ?? t("label")}
      className="mt-3 flex flex-wrap items-center gap-3 text-sm"
    >
      <PageStep href={page > 1 ? hrefFor(page - 1) : null} rel="prev">
        {t("previous")}
      </PageStep>
      <span aria-current="page">{t("pageOf", { page, pages })}</span>
      <PageStep href={page < pages ? hrefFor(page + 1) : null} rel="next">
        {t("next")}
      </PageStep>
    </nav>
  );
}
