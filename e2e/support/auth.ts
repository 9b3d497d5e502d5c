import { expect, type Page } from "@playwright/test";

/** Signs in through the sign-in page's one-click demo account. */
export async function signInAsDemo(page: Page, label: RegExp | string) {
  await page.goto("/sign-in");
  await page
    .getByRole("button", { name: typeof label === "string" ? `Sign in as ${label}` : label })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
}

/**
 * Signs out and waits until the sign-in page says so: the next sign-in must not start while the
 * old session is still being ended (its page would still be signed in, with no sign-in buttons).
 */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in\?reason=signed-out/);
}

export const MASTER = /Sign in as Northwind Parts GmbH \(Master admin\)/;
export const SUB_USER = /Sign in as Workshop Berlin/;
export const BENEFICIARY = /Sign in as Autohaus Sonnenschein/;
export const DEALER = /Sign in as Autohaus am Ring \(dealer\)/;
export const SANDBOX = /Sign in as Northwind Parts GmbH \(sandbox key\)/;
export const PILOT_SANDBOX = /Sign in as Marktlabor Teile KG/;
export const PILOT_PRODUCTION = /Sign in as Teilehaus Nord AG/;

/** Every test of the enclosing `describe` starts signed in as this demo account. */
export function signedInAs(
  test: { beforeEach(fn: (args: { page: Page }) => Promise<void>): void },
  account: RegExp | string,
) {
  test.beforeEach(async ({ page }) => {
    await signInAsDemo(page, account);
  });
}
