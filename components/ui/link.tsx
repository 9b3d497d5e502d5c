"use client";

// eslint-disable-next-line no-restricted-imports -- the one place the console uses next/link
import NextLink from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

type Props = ComponentProps<typeof NextLink>;

/**
 * The console's link: a page is prefetched when a person shows the intent to open it (pointer
 * over, keyboard focus, a touch), not when its link scrolls into view. Every console page is
 * dynamic and signed in: viewport prefetching made each page view render every linked page on
 * the server (the navigation alone holds some 25 links, and they were fetched again after each
 * client-side update), several times the work of the page itself.
 *
 * `prefetch={false}` turns prefetching off altogether (a list whose rows change with each
 * keystroke).
 */
export function Link({ href, prefetch, onMouseEnter, onFocus, onTouchStart, ...props }: Props) {
  const router = useRouter();
  const target = typeof href === "string" ? href : null;
  const prefetchOnIntent = prefetch !== false && target !== null && target.startsWith("/");
  const intent = () => {
    if (prefetchOnIntent) router.prefetch(target);
  };
  return (
    <NextLink
      href={href}
      prefetch={false}
      onMouseEnter={(event) => {
        intent();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        intent();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        intent();
        onTouchStart?.(event);
      }}
      {...props}
    />
  );
}
