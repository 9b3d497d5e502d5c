import { type Page, type Request, type Response } from "@playwright/test";
import { expect, test } from "./support/test";
import { BENEFICIARY, MASTER, SANDBOX, signInAsDemo, SUB_USER } from "./support/auth";
import { demoKeys } from "./support/demo";

interface Seen {
  url: string;
  text: string;
}

const isAction = (r: Request) => r.method() === "POST" && !!r.headers()["next-action"];

/**
 * Records every response the browser receives: URL, headers and body. Server-action answers are
 * routed through Playwright and read there, since Chromium may drop their streamed bodies before
 * a listener can read them. `settle` waits for all body reads.
 */
async function recordResponses(page: Page) {
  const seen: Seen[] = [];
  const pending: Promise<void>[] = [];
  await page.route("**/*", async (route) => {
    if (!isAction(route.request())) return route.continue();
    const response = await route.fetch({ maxRedirects: 0 });
    const body = await response.text();
    seen.push({
      url: route.request().url(),
      text: `${route.request().url()}\n${JSON.stringify(response.headers())}\n${body}`,
    });
    await route.fulfill({ response, body });
  });
  page.on("response", (response: Response) => {
    if (isAction(response.request())) return;
    pending.push(
      (async () => {
        let body = "";
        try {
          body = await response.text();
        } catch {
          // Redirects and aborted responses have no body.
        }
        const headers = JSON.stringify(await response.allHeaders().catch(() => response.headers()));
        seen.push({ url: response.url(), text: `${response.url()}\n${headers}\n${body}` });
      })(),
    );
  });
  return { settle: () => Promise.all(pending), seen: () => seen };
}

/** Visits every same-origin console page reachable by links, breadth first. */
async function crawl(page: Page, start: string[], limit = 40): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const queue = [...start];
  const visited = new Set<string>();
  while (queue.length && visited.size < limit) {
    const path = queue.shift()!;
    if (visited.has(path)) continue;
    visited.add(path);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const hrefs = await page
      .locator("a[href]")
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin || url.pathname.startsWith("/sign-in")) continue;
      const next = url.pathname + url.search;
      if (!visited.has(next)) queue.push(next);
    }
  }
  return [...visited];
}

test("no API key reaches the browser except the single show-once response", async ({ browser }) => {
  test.setTimeout(240_000);
  const issued = new Set(Object.values(demoKeys()).map((a) => a.apiKey));
  const allSeen: Seen[] = [];
  const cookieValues: string[] = [];
  let showOnceKey = "";

  for (const role of [MASTER, SUB_USER, BENEFICIARY, SANDBOX]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const recorder = await recordResponses(page);
    await signInAsDemo(page, role);
    const pages = await crawl(page, ["/", "/sub-users", "/usage", "/audit"]);
    expect(pages.length).toBeGreaterThanOrEqual(role === MASTER ? 8 : 3);

    if (role === MASTER) {
      // One key is created and shown once; it must appear in exactly one response.
      await page.goto("/sub-users");
      await page.getByRole("button", { name: "New Sub-user" }).click();
      await page.getByLabel("Name", { exact: true }).fill("Crawl test workshop");
      await page.getByRole("button", { name: "Create Sub-user" }).click();
      showOnceKey = await page.getByTestId("new-api-key").inputValue();
      issued.add(showOnceKey);
      await recorder.settle();
      await page.getByLabel("I have stored the key").check();
      await page.getByRole("button", { name: "Done" }).click();
      await crawl(page, ["/sub-users", "/audit"]);
    }
    await recorder.settle();
    for (const cookie of await context.cookies())
      cookieValues.push(`${cookie.name}=${cookie.value}`);
    allSeen.push(...recorder.seen());
    await context.close();
  }

  expect(showOnceKey).toMatch(/^svc_live_/);
  expect(allSeen.length).toBeGreaterThan(50);
  for (const key of issued) {
    const carriers = allSeen.filter((s) => s.text.includes(key)).map((s) => s.url);
    if (key === showOnceKey) expect(carriers, "the show-once response only").toHaveLength(1);
    else expect(carriers, `key ${key.slice(0, 12)}…`).toEqual([]);
    for (const cookie of cookieValues) expect(cookie).not.toContain(key);
  }
  // Nothing shaped like a key appears anywhere else either (not even a prefix of one).
  const others = allSeen.filter(
    (s) => !s.text.includes(showOnceKey) && /svc_(live|test)_[0-9A-Za-z]{4}/.test(s.text),
  );
  expect(others.map((s) => s.url)).toEqual([]);
});
