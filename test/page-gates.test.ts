import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
const { NAV_ITEMS } = await import("@/lib/navigation");

/**
 * A section the navigation hides from some roles (its entry names an operation or a console
 * action) refuses them at its address too: its page asks `notOfferedAt` with its own entry's
 * address (typed, so a mistyped one does not compile), or shows `NotOffered` for the operation
 * it is built on. The navigation is only a convenience; the page is the gate.
 */
const gated = NAV_ITEMS.filter((item) => item.operation || item.duty);

describe("every section the navigation gates", () => {
  it("is at least the sections built on an operation or a console action", () => {
    expect(gated.length).toBeGreaterThanOrEqual(15);
  });

  it.each(gated.map((item) => [item.href, item] as const))("%s gates its own page", (href) => {
    const page = readFileSync(`app/(console)${href}/page.tsx`, "utf8");
    // Asking is not enough: the page returns the refusal before it renders anything else.
    const asksItsEntry = new RegExp(
      `const (\\w+) = notOfferedAt\\([\\w.]+, "${href}"\\);\\s*if \\(\\1\\) return \\1;`,
    ).test(page);
    const showsRefusal = /<NotOffered\b/.test(page);
    expect(asksItsEntry || showsRefusal, href).toBe(true);
  });
});
