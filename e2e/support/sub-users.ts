import { type Page } from "@playwright/test";
import { expect } from "./test";

/**
 * Presses the Sub-users page's "Refresh list" and waits until the page shows the list taken from
 * the service by it (the freshness line names a later time), so nothing of it is still in flight.
 */
export async function refreshSubUserList(page: Page) {
  const freshness = page.getByTestId("sub-users-freshness");
  const before = Number((await freshness.getAttribute("data-refreshed-at")) || 0);
  await page.getByRole("button", { name: "Refresh list" }).click();
  await expect
    .poll(async () => Number((await freshness.getAttribute("data-refreshed-at")) || 0))
    .toBeGreaterThan(before);
  await expect(page.getByRole("button", { name: "Refresh list" })).toBeEnabled();
}
