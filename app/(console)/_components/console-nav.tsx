"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";

/**
 * The console's sections: a row of links on wide screens; on phones a "Menu" button that shows
 * and hides them, closed again after each navigation.
 */
export function ConsoleNav({ items }: { items: { href: string; label: string }[] }) {
  const pathname = usePathname();
  // Open for the page it was opened on: a navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  return (
    <nav aria-label="Console sections">
      <button
        type="button"
        className="mb-2 rounded-md border border-slate-300 px-3 py-2 text-sm md:hidden"
        aria-expanded={open}
        aria-controls="console-sections"
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        Menu
      </button>
      <ul
        id="console-sections"
        className={`${open ? "flex" : "hidden"} flex-col gap-1 md:flex md:flex-row md:flex-wrap`}
      >
        {items.map((item) => {
          const current =
            item.href === "/"
              ? pathname === "/"
              : pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? "page" : undefined}
                className={`block rounded-md px-3 py-2 text-sm ${current ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
