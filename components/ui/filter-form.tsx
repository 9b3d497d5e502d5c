"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode } from "react";
import { parseDay } from "@/lib/dates";
import { Button } from "./button";

/**
 * A list's filters as a GET form: without JavaScript the browser submits it as is; with it, the
 * address leaves out values equal to their defaults (and the page), so it stays short and shareable.
 * Inputs marked `data-day` are date fields: what was typed goes to the address as `YYYY-MM-DD`.
 * `keep` are values of the address the filters carry on (the order of the list).
 */
export function FilterForm({
  action,
  defaults,
  children,
  label,
  keep = {},
}: {
  action: string;
  defaults: Record<string, string>;
  keep?: Record<string, string>;
  children: ReactNode;
  label: string;
}) {
  const router = useRouter();
  const t = useTranslations("ui.filters");
  return (
    <form
      method="get"
      action={action}
      aria-label={label}
      className="mb-4 flex flex-wrap items-end gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const params = new URLSearchParams();
        const form = event.currentTarget;
        for (const [key, value] of new FormData(form)) {
          if (typeof value !== "string") continue;
          let trimmed = value.trim();
          // Date fields are typed as people write dates; the address keeps the ISO day.
          const field = form.elements.namedItem(key);
          if (field instanceof HTMLInputElement && field.dataset.day !== undefined)
            trimmed = parseDay(trimmed) ?? trimmed;
          if (trimmed === "" || defaults[key] === trimmed) continue;
          params.set(key, trimmed);
        }
        const query = params.toString();
        router.push(query ? `${action}?${query}` : action);
      }}
    >
      {Object.entries(keep).map(([name, value]) =>
        value !== defaults[name] ? (
          <input key={name} type="hidden" name={name} value={value} />
        ) : null,
      )}
      {children}
      <Button type="submit" variant="secondary">
        {t("apply")}
      </Button>
    </form>
  );
}
