import { readdirSync } from "node:fs";
import path from "node:path";
import { type Browser, type Page, type Response } from "@playwright/test";
import { type ActionAnswer, isServerAction, recordActionAnswers } from "./support/actions";
import { expect, test, uniqueName, waitForQuietNetwork } from "./support/test";
import {
  BENEFICIARY,
  MASTER,
  PILOT_SANDBOX,
  SANDBOX,
  signInAsDemo,
  SUB_USER,
} from "./support/auth";
import { demoKeys } from "./support/demo";

interface Seen {
  url: string;
  text: string;
}

/**
 * Records every response the browser receives: URL, headers and body. Server-action answers are
 * read on a route (see `recordActionAnswers`); `settle` waits for all other body reads.
 */
async function recordResponses(page: Page) {
  const seen: Seen[] = [];
  const pending: Promise<void>[] = [];
  // Static chunks are never routed: they cannot carry a key and routing them slows every page.
  const actions = await recordActionAnswers(
    page,
    (url) => !url.pathname.startsWith("/_next/static/"),
  );
  page.on("response", (response: Response) => {
    if (isServerAction(response.request())) return;
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
  const answered = (a: ActionAnswer): Seen => ({
    url: a.url,
    text: `${a.url}\n${JSON.stringify(a.headers)}\n${a.body}`,
  });
  return { settle: () => Promise.all(pending), seen: () => [...seen, ...actions.map(answered)] };
}

/** The app's static path segments, read from `app/`: any other segment is a record's identifier. */
function staticSegments(dir = path.join(process.cwd(), "app"), found = new Set<string>()) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || /^[[(_]/.test(entry.name)) continue;
    found.add(entry.name);
    staticSegments(path.join(dir, entry.name), found);
  }
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory() && /^[[(]/.test(entry.name))
      staticSegments(path.join(dir, entry.name), found);
  return found;
}
const STATIC_SEGMENTS = staticSegments();

/** Every page route of the console as a pattern (`/sub-users/:id`), read from `app/`. */
function pageRoutes(dir = path.join(process.cwd(), "app"), prefix = ""): string[] {
  const routes: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === "page.tsx") routes.push(prefix || "/");
    if (!entry.isDirectory() || entry.name.startsWith("_")) continue;
    const segment = entry.name.startsWith("(")
      ? ""
      : entry.name.startsWith("[")
        ? "/:id"
        : `/${entry.name}`;
    routes.push(...pageRoutes(path.join(dir, entry.name), prefix + segment));
  }
  return routes;
}

/** The route a path belongs to: identifier segments become `:id`, the query is dropped. */
function routePattern(target: string): string {
  const { pathname } = new URL(target, "http://x");
  return pathname
    .split("/")
    .map((segment) => (segment === "" || STATIC_SEGMENTS.has(segment) ? segment : ":id"))
    .join("/");
}

/**
 * Visits the same-origin console pages reachable by links, breadth first. Each route is visited
 * a few times at most (say two Sub-users, not all of them): the leak would be in the route's code,
 * not in one record.
 */
async function crawl(
  page: Page,
  start: string[],
  { perRoute = 2, follow = true } = {},
): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const queue = [...start];
  const visited = new Set<string>();
  const perPattern = new Map<string, number>();
  while (queue.length) {
    const target = queue.shift()!;
    const pattern = routePattern(target);
    if (visited.has(target) || (perPattern.get(pattern) ?? 0) >= perRoute) continue;
    visited.add(target);
    perPattern.set(pattern, (perPattern.get(pattern) ?? 0) + 1);
    await page.goto(target);
    // What the page fetches once shown is recorded too.
    await waitForQuietNetwork(page);
    if (!follow) continue;
    // Downloads (the audit CSV) are fetched by `crawlAs` itself: a navigation cannot open them.
    const hrefs = await page
      .locator("a[href]:not([download])")
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

/**
 * The demo accounts' secrets: none of them may appear in anything a crawl receives. Their keys,
 * and their service sign-in passwords and OAuth client secrets (a demo account's own password
 * reaches its browser only after a click on the agent page, which a crawl never makes).
 */
const demoApiKeys = () =>
  Object.values(demoKeys()).flatMap((a) => [
    a.apiKey,
    ...(a.serviceSignIn ? [a.serviceSignIn.password] : []),
    ...(a.oauthClient ? [a.oauthClient.clientSecret] : []),
  ]);
const keyShaped = /svc_(live|test)_[0-9A-Za-z]{4}/;

/**
 * Signs in as `role` (recording from the sign-in page on) and crawls the console. `before` can
 * create records whose pages no link reaches yet and returns their paths; `after` acts once the
 * crawl is done.
 */
async function crawlAs(
  browser: Browser,
  role: RegExp | string,
  {
    before,
    after,
    perRoute,
  }: {
    before?: (page: Page) => Promise<string[]>;
    after?: (page: Page) => Promise<void>;
    /** Pages visited per route pattern (two for the Master, whose records differ the most). */
    perRoute?: number;
  } = {},
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const recorder = await recordResponses(page);
  await signInAsDemo(page, role);
  const created = (await before?.(page)) ?? [];
  const pages = await crawl(page, ["/", "/sub-users", "/usage", "/audit", ...created], {
    perRoute,
  });
  await after?.(page);
  await recorder.settle();
  const exported = await page.request.get("/audit/export");
  expect(exported.headers()["content-type"]).toContain("text/csv");
  const download = { url: "/audit/export", text: await exported.text() };
  const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`);
  await context.close();
  return {
    patterns: new Set(pages.map(routePattern)),
    seen: [...recorder.seen(), download],
    cookies,
  };
}

/** Completes a guided VIN lookup and runs a parts lookup, so their pages exist to be crawled. */
async function createFlowAndJob(page: Page): Promise<string[]> {
  await page.goto("/vin");
  await page.getByLabel("VIN", { exact: true }).fill("WVWZZZ1KZ8W000001");
  await page.getByRole("button", { name: "Identify the vehicle" }).click();
  await page.getByRole("button", { name: "Confirm vehicle" }).click();
  await expect(page.getByTestId("technical-record")).toBeVisible();
  const flow = new URL(page.url()).pathname;
  await page.goto("/jobs/new?kind=vin_parts&vin=WVWZZZ1KZ8W000001");
  await page.getByRole("button", { name: "Look up parts" }).click();
  await expect(page.getByTestId("job-status")).toHaveText("succeeded");
  return [flow, new URL(page.url()).pathname];
}

/** Reads a cluster's intelligence and its history, so the result and cluster pages exist. */
async function readIntelligence(page: Page): Promise<string[]> {
  await page.goto("/intelligence");
  await page.getByLabel("OE number").fill("1K0 615 301 AA");
  await page.getByRole("button", { name: "Read market intelligence" }).click();
  await expect(page.getByTestId("cluster-intelligence")).toBeVisible();
  const result = new URL(page.url()).pathname;
  await page.getByRole("link", { name: "Cluster page and history" }).click();
  await page.getByRole("button", { name: "Show history" }).click();
  await expect(page.getByTestId("cluster-history")).toBeVisible();
  return [result, new URL(page.url()).pathname + new URL(page.url()).search];
}

const OTHER_ROLES = [
  // People act with their organization's stored key: none of it may reach the browser of one
  // who is not its owner (the owner's pages are the Master key holder's, crawled below).
  ["a person who views", /Sign in as Viktor Viewer/],
  ["a Sub-user", SUB_USER],
  ["a grant beneficiary", BENEFICIARY],
  ["a sandbox key", SANDBOX],
  ["an Intelligence pilot account", PILOT_SANDBOX],
] as const;

const PREPARE = new Map<RegExp | string, (page: Page) => Promise<string[]>>([
  [SANDBOX, createFlowAndJob],
  [PILOT_SANDBOX, readIntelligence],
]);

for (const [name, role] of OTHER_ROLES) {
  test(`no API key reaches the browser of ${name}`, async ({ browser }) => {
    test.setTimeout(300_000);
    // One page per route pattern: every template these roles reach, each rendered once.
    const { patterns, seen, cookies } = await crawlAs(browser, role, {
      before: PREPARE.get(role),
      perRoute: 1,
    });
    expect(patterns.size).toBeGreaterThanOrEqual(3);
    if (role === SANDBOX)
      expect([...patterns]).toEqual(expect.arrayContaining(["/jobs/:id", "/vin/flows/:id"]));
    if (role === PILOT_SANDBOX)
      expect([...patterns]).toEqual(
        expect.arrayContaining(["/jobs/:id", "/intelligence/clusters/:id", "/intelligence/vin"]),
      );
    expect(seen.length).toBeGreaterThan(10);
    for (const key of demoApiKeys()) {
      const carriers = seen.filter((s) => s.text.includes(key)).map((s) => s.url);
      expect(carriers, `key ${key.slice(0, 12)}…`).toEqual([]);
      for (const cookie of cookies) expect(cookie).not.toContain(key);
    }
    // Nothing shaped like a key appears either (not even a prefix of one).
    expect(seen.filter((s) => keyShaped.test(s.text)).map((s) => s.url)).toEqual([]);
  });
}

test("no API key reaches a Master's browser except the single show-once response", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  let showOnceKey = "";
  const workshop = uniqueName("Crawl test workshop");
  const { patterns, seen, cookies } = await crawlAs(browser, MASTER, {
    after: async (page) => {
      // One key is created and shown once; it must appear in exactly one response.
      await page.goto("/sub-users");
      await page.getByRole("button", { name: "New Sub-user" }).click();
      await page.getByLabel("Name", { exact: true }).fill(workshop);
      await page.getByRole("button", { name: "Create Sub-user" }).click();
      showOnceKey = await page.getByTestId("new-api-key").inputValue();
      await page.getByLabel("I have stored the key").check();
      await page.getByRole("button", { name: "Done" }).click();
      // The pages that show the new Sub-user and the action's trail must not carry the key.
      await page.goto("/sub-users");
      const created = new URL(
        await page
          .getByRole("link", { name: workshop, exact: true })
          .evaluate((a) => (a as HTMLAnchorElement).href),
      ).pathname;
      await crawl(
        page,
        ["/sub-users", created, `${created}/rate-limits`, "/usage", "/audit", "/"],
        {
          follow: false,
        },
      );
    },
  });

  // Every page a Master can open was crawled; the job and flow pages are covered as the sandbox
  // key (a Master's production key cannot use the guided flow on a plain-http console), and the
  // sign-in page is recorded while signing in. The Intelligence pages behind the pilot are
  // covered as the pilot account (this Master is not in the pilot).
  const mustVisit = pageRoutes().filter(
    (r) =>
      ![
        "/sign-in",
        // A person's own page (the people's crawls cover it) and an invitation's link (no page
        // links to it; the people's tests open it).
        "/account",
        "/invite/:id",
        // Reached only from an identity provider's callback, in that browser (the single
        // sign-on tests open it).
        "/sso/link",
        "/jobs/:id",
        "/vin/flows/:id",
        "/intelligence/clusters/:id",
        "/intelligence/vin",
      ].includes(r),
  );
  expect(mustVisit.length).toBeGreaterThanOrEqual(14);
  expect([...patterns].sort()).toEqual(expect.arrayContaining(mustVisit));
  expect(seen.length).toBeGreaterThan(50);
  expect(showOnceKey).toMatch(/^svc_live_/);
  for (const key of [...demoApiKeys(), showOnceKey]) {
    const carriers = seen.filter((s) => s.text.includes(key)).map((s) => s.url);
    if (key === showOnceKey) expect(carriers, "the show-once response only").toHaveLength(1);
    else expect(carriers, `key ${key.slice(0, 12)}…`).toEqual([]);
    for (const cookie of cookies) expect(cookie).not.toContain(key);
  }
  const others = seen.filter((s) => !s.text.includes(showOnceKey) && keyShaped.test(s.text));
  expect(others.map((s) => s.url)).toEqual([]);
});
