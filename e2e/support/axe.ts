import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Axe finds no violation on the page as it is now, once nothing on it is still loading (a
 * spinner stands for a part still streaming in).
 */
export async function expectNoAxeViolations(page: Page, what: string) {
  await expect(page.locator("[data-spinner]")).toHaveCount(0);
  const result = await new AxeBuilder({ page }).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe on ${what}`,
  ).toEqual([]);
}
