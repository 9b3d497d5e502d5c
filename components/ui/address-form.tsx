import { type ReactNode } from "react";

const LAYOUTS = {
  /** Fields and button side by side, wrapping on narrow screens. */
  row: "flex flex-wrap items-end gap-3",
  /** Three columns on wide screens. */
  grid: "grid items-end gap-4 sm:grid-cols-3",
  /** One field under the other. */
  stack: "space-y-3",
} as const;

/**
 * A form whose answer is a page: sent with GET, so what it asks for is in the address (shareable,
 * and it works before the page's JavaScript has loaded). `keep` are values the page carries on
 * as they are (the view, the part number in question); an empty one is left out.
 */
export function AddressForm({
  action,
  label,
  keep = {},
  layout,
  className = "",
  children,
}: {
  /** Where it goes; without one, the page it is on. */
  action?: string;
  label: string;
  keep?: Record<string, string | undefined>;
  layout?: keyof typeof LAYOUTS;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      method="get"
      action={action}
      aria-label={label}
      className={`${layout ? LAYOUTS[layout] : ""} ${className}`.trim() || undefined}
    >
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      {children}
    </form>
  );
}
