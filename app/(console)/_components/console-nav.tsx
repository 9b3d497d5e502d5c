"use client";

import { Link } from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { type NavGroupKey, type NavItemKey } from "@/lib/navigation";

export interface NavGroup {
  key: NavGroupKey;
  label: string;
  items: { href: string; key: NavItemKey; label: string }[];
}

const isCurrent = (href: string, pathname: string) =>
  href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);

/**
 * The console's sections in their groups: on wide screens every group in a row of its own,
 * labelled; on phones a "Menu" button that shows and hides them (closed again after each
 * navigation), with the current page's place always shown beside it.
 */
export function ConsoleNav({ groups }: { groups: NavGroup[] }) {
  const t = useTranslations("nav");
  const pathname = usePathname();
  // Open for the page it was opened on: a navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const here = groups
    .flatMap((g) => g.items.map((item) => ({ group: g.key, item })))
    .find(({ item }) => isCurrent(item.href, pathname));
  return (
    <nav aria-label={t("label")}>
      <div className="mb-2 flex items-center gap-3 md:hidden">
        <button
          type="button"
          className="rounded-md border border-slate-300 px-3 py-2 text-sm"
          aria-expanded={open}
          aria-controls="console-sections"
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          {t("menu")}
        </button>
        {here ? (
          <p className="min-w-0 truncate text-sm text-slate-700" data-testid="current-place">
            {here.group === "start" ? null : (
              <span className="text-slate-500">{t(`groups.${here.group}`)} › </span>
            )}
            <span className="font-medium">{t(`items.${here.item.key}`)}</span>
          </p>
        ) : null}
      </div>
      <div
        id="console-sections"
        className={`${open ? "flex" : "hidden"} flex-col gap-3 md:flex md:flex-row md:flex-wrap md:items-start md:gap-x-6 md:gap-y-1`}
      >
        {groups.map((group) => (
          <section key={group.key} aria-label={t(`groups.${group.key}`)} className="min-w-0">
            {group.key === "start" ? null : (
              // The section is labelled for assistive technology; this is the same label, seen.
              <p
                aria-hidden="true"
                className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500"
              >
                {t(`groups.${group.key}`)}
              </p>
            )}
            <ul className="flex flex-col gap-1 md:flex-row md:flex-wrap md:gap-0">
              {group.items.map((item) => {
                const current = isCurrent(item.href, pathname);
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      aria-current={current ? "page" : undefined}
                      className={`block rounded-md px-3 py-1.5 text-sm ${current ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
                    >
                      {t(`items.${item.key}`)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </nav>
  );
}
