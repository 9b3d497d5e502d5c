import AxeBuilder from "@axe-core/playwright";
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { BENEFICIARY, DEALER, MASTER, PILOT_SANDBOX, signInAsDemo } from "./support/auth";
import { AUDIT_ENTRY, MASTER_PAGES } from "./support/console-pages";
import { watchPolicy } from "./support/policy";

/** Every console page, with a demo account that may see it. */
const PAGES: { account: RegExp; paths: readonly string[] }[] = [
  { account: MASTER, paths: [...MASTER_PAGES, AUDIT_ENTRY] },
  { account: PILOT_SANDBOX, paths: ["/intelligence", "/intelligence/vin"] },
  { account: BENEFICIARY, paths: ["/received-grants", "/usage"] },
  { account: DEALER, paths: ["/", "/vin", "/jobs"] },
];

const WIDTHS = [1280, 390] as const;

/**
 * Judges the page as it is at the current viewport: its own Content-Security-Policy refused
 * nothing (read before axe, whose own code the policy refuses), axe finds no violation, and
 * nothing is wider than the screen.
 */
async function check(
  page: Page,
  width: number,
  label: string,
  violations: () => Promise<string[]>,
) {
  expect(await violations(), `CSP violations on ${label}`).toEqual([]);
  const result = await new AxeBuilder({ page }).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe at ${width} px on ${label}`,
  ).toEqual([]);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `page width at ${width} px on ${label}`).toBeLessThanOrEqual(innerWidth);
}

/** The page at each width: loaded once at the first, then the window is narrowed. */
async function checkAtEveryWidth(page: Page, label: string, violations: () => Promise<string[]>) {
  // The page has streamed in (not its loading state) before it is judged.
  await expect(page.locator("main h1")).toBeVisible();
  await expect(page.locator("[data-spinner]")).toHaveCount(0);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await check(page, width, label, violations);
  }
}

test.use({ viewport: { width: WIDTHS[0], height: 900 } });

test("the sign-in page has no axe violation and fits the screen at every width", async ({
  page,
}) => {
  const violations = await watchPolicy(page);
  await page.goto("/sign-in");
  await checkAtEveryWidth(page, "/sign-in", violations);
});

PAGES.forEach(({ account, paths }, index) => {
  const name = account.source.replace(/\\/g, "").replace(/^Sign in as /, "");
  test.describe(`as ${name}`, () => {
    // Signed in once; each page is a test of its own, in a browser with that session.
    const state = path.resolve(`test-results/.a11y-session-${index}.json`);
    test.beforeAll(async ({ browser }) => {
      // A fresh browser: the session file this describe uses is the one being written.
      const context = await browser.newContext({ storageState: undefined });
      await signInAsDemo(await context.newPage(), account);
      await context.storageState({ path: state });
      await context.close();
    });
    test.use({ storageState: state });

    for (const target of paths) {
      test(`${target === AUDIT_ENTRY ? "an audit entry" : target} has no axe violation and fits the screen at every width`, async ({
        page,
      }) => {
        const violations = await watchPolicy(page);
        if (target === AUDIT_ENTRY) {
          await page.goto("/audit");
          await page.getByTestId("audit-row").first().getByRole("link").click();
          await expect(page.getByRole("heading", { name: "Before and after" })).toBeVisible();
        } else {
          await page.goto(target);
        }
        await checkAtEveryWidth(page, target, violations);
      });
    }
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the sections sit behind a menu button that opens and closes them", async ({ page }) => {
    await signInAsDemo(page, MASTER);
    const nav = page.getByRole("navigation", { name: "Console sections" });
    const menu = nav.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Audit log" })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await nav.getByRole("link", { name: "Audit log" }).click();
    await expect(page).toHaveURL(/\/audit$/);
    await expect(menu).toHaveAttribute("aria-expanded", "false");
  });

  test("the page's place in the sections stays visible with the menu closed", async ({ page }) => {
    await signInAsDemo(page, MASTER);
    await page.goto("/usage");
    const nav = page.getByRole("navigation", { name: "Console sections" });
    await expect(nav.getByRole("button", { name: "Menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await expect(page.getByTestId("current-place")).toHaveText(
      "Account and billing › Usage and credit",
    );
    await page.goto("/parts");
    await expect(page.getByTestId("current-place")).toHaveText("Vehicles and parts › Parts (OE)");
  });

  test("a wide table scrolls inside its own region and keeps its status column reachable", async ({
    page,
  }) => {
    await signInAsDemo(page, MASTER);
    await page.goto("/sub-users");
    const region = page.getByRole("region", { name: "Sub-users of this Master client" });
    await region.focus();
    await page.keyboard.press("End");
    const status = page.getByRole("columnheader", { name: "Status" });
    await status.scrollIntoViewIfNeeded();
    await expect(status).toBeInViewport();
  });
});
