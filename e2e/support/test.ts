import { test as base, expect, type Page } from "@playwright/test";

/**
 * After a full load of a console page, wait until React has hydrated it. The root layout's marker
 * is set when the shell hydrates; a page streamed behind a loading boundary arrives and hydrates
 * after it, and its form then fills its server-rendered (empty) fields with their defaults, which
 * a `fill` under way at that moment straddles. So also wait until every boundary has streamed in
 * and every form carries React's fiber (set as its boundary hydrates), then two frames for that
 * commit.
 */
export async function waitForHydration(page: Page, baseURL: string | undefined) {
  if (!baseURL || !page.url().startsWith(baseURL)) return;
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === "true" &&
      // Every boundary has streamed in: React keeps a boundary's place as a `template` (B:n) and
      // its content, until swapped in, in a hidden `div` (S:n). A form still there is skipped by
      // the check below, then swapped in and hydrated after it, while a `fill` may be under way.
      document.querySelector('template[id^="B:"], div[hidden][id^="S:"]') === null &&
      [...document.querySelectorAll("form")].every(
        (form) =>
          form.closest("[hidden]") !== null ||
          Object.keys(form).some((key) => key.startsWith("__reactFiber$")),
      ),
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/**
 * Waits until the page's network has been quiet for half a second, or 10 s have passed: once a
 * request never ended and held a test until its bound; what arrives meanwhile is still seen.
 */
export async function waitForQuietNetwork(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
}

/** Playwright's `test` whose `page.goto` and `page.reload` return only once the console page is interactive. */
export const test = base.extend({
  page: async ({ page, baseURL }, provide) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForHydration(page, baseURL);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForHydration(page, baseURL);
      return response;
    };
    await provide(page);
  },
});

export { expect };

/**
 * A name no earlier try of this test has used: a retry runs against the same service state, so a
 * fixed name would find the first try's record too.
 */
export function uniqueName(name: string, separator = " "): string {
  return `${name}${separator}${Date.now().toString(36).slice(-5)}`;
}

/** What a receipt says of a billed call, whoever paid (see `settlementSentence`). */
export const BILLED =
  /Billed to your (plan's monthly quantity|credit balance)|Paid by the sponsor|Covered by the monthly VIN bundle|A sandbox call: not billed/;
