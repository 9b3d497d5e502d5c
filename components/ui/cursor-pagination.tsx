import { useTranslations } from "next-intl";
import { PageStep } from "@/components/ui/pagination";
import { serverWords } from "@/lib/actions/server-words";
import { getFormats } from "@/lib/i18n/formats-server";

/**
 * Paging through a long list by position (see `logPage`): the first page, the page before and
 * the page after, each a link whose address holds where it starts. No page numbers: numbering
 * would need a count of everything the list holds.
 */
export function CursorPagination({
  previous,
  next,
  hrefFor,
  label,
}: {
  /** Where the page before starts, when there is one. */
  previous: string | null;
  /** Where the page after starts, when there is one. */
  next: string | null;
  hrefFor: (place: { next?: string; prev?: string }) => string;
  label?: string;
}) {
  const t = useTranslations("ui.pagination");
  if (!previous && !next) return null;
  return (
    <nav
      aria-label={label ?? t("label")}
      className="mt-3 flex flex-wrap items-center gap-3 text-sm"
    >
      {previous ? <PageStep href={hrefFor({})}>{t("first")}</PageStep> : null}
      <PageStep href={previous ? hrefFor({ prev: previous }) : null} rel="prev">
        {t("previous")}
      </PageStep>
      <PageStep href={next ? hrefFor({ next }) : null} rel="next">
        {t("next")}
      </PageStep>
    </nav>
  );
}

/**
 * How many a page shows, without counting the whole list: the total when everything fits on
 * this one page, otherwise what this page holds and whether more follow.
 */
export async function shownCount(
  shown: number,
  around: { previous: string | null; next: string | null },
  [one, many]: readonly [string, string],
): Promise<string> {
  const [formats, t] = await Promise.all([getFormats(), serverWords("ui.pagination")]);
  const counted = `${formats.count(shown)} ${shown === 1 ? one : many}`;
  if (!around.previous && !around.next) return counted;
  return around.next ? t("shownMore", { counted }) : t("shown", { counted });
}
