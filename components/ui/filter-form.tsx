"use client";

import { useRouter } from "next/navigation";
import { type ReactNode } from "react";
import { Button } from "./button";

/**
 * A list's filters as a GET form: without JavaScript the browser submits it as is; with it, the
 * address leaves out values equal to their defaults (and the page), so it stays short and shareable.
 */
export function FilterForm({
  action,
  defaults,
  children,
  label,
}: {
  action: string;
  defaults: Record<string, string>;
  children: ReactNode;
  label: string;
}) {
  const router = useRouter();
  return (
    <form
      method="get"
      action={action}
      aria-label={label}
      className="mb-4 flex flex-wrap items-end gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const params = new URLSearchParams();
        for (const [key, value] of new FormData(event.currentTarget)) {
          if (typeof value !== "string") continue;
          const trimmed = value.trim();
          if (trimmed === "" || defaults[key] === trimmed) continue;
          params.set(key, trimmed);
        }
        const query = params.toString();
        router.push(query ? `${action}?${query}` : action);
      }}
    >
      {children}
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </form>
  );
}
