import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/test";
import { MASTER, PILOT_SANDBOX, signInAsDemo } from "./support/auth";

test("the request log lists the console's calls with outcome, code and billing, and filters them", async ({
  page,
}) => {
  await signInAsDemo(page, PILOT_SANDBOX);
  await page.goto("/intelligence");
  await page.getByLabel("OE number").fill("ZZZ99999");
  await page.getByRole("button", { name: "Read market intelligence" }).click();
  await expect(
    page.getByText("No part cluster is known for this number or version."),
  ).toBeVisible();
  await page.getByLabel("OE number").fill("1J0 698 151");
  await page.getByRole("button", { name: "Read market intelligence" }).click();
  await expect(page.getByTestId("cluster-intelligence")).toBeVisible();

  await page.getByRole("link", { name: "Request log" }).click();
  const rows = page.getByTestId("request-row");
  await expect(rows.first()).toBeVisible();
  // Newest first: this test's two calls lead (other tests may have left older ones).
  const resolved = rows.filter({ hasText: "resolvePartIntelligence" });
  await expect(resolved.first()).toContainText("200");
  await expect(resolved.first()).toContainText("sandbox");
  await expect(resolved.nth(1)).toContainText("404");
  await expect(resolved.nth(1)).toContainText("cluster_not_found");

  await page.getByLabel("Outcome").selectOption("refused");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/outcome=refused/);
  await expect(rows.filter({ hasText: "cluster_not_found" }).first()).toBeVisible();
  for (const row of await rows.all())
    await expect(row.getByRole("cell").nth(2)).toHaveText(/^4\d\d$/);
  // The title streams in with the page's metadata; axe judges the finished document.
  await expect(page).toHaveTitle(/Request log/);
  await expectNoAxeViolations(page, "this page");
  // Nothing from the request or the answer is kept: no OE number, no key.
  await expect(page.locator("main")).not.toContainText("ZZZ99999");
  await expect(page.locator("main")).not.toContainText(/svc_(live|test)_/);
});

test("the request log lists calls made only: input the console refused itself is no call, and labels are words", async ({
  page,
}) => {
  await signInAsDemo(page, MASTER);
  await page.goto("/vehicles?svcId=svc_unknown_0000");
  await expect(page.getByText("(vehicle_not_found)")).toBeVisible();
  // Too long for the contract: refused next to its field before anything is sent.
  await page.goto(`/parts?oe=${"A".repeat(70)}`);
  await expect(page.getByText("must be at most 64 characters").first()).toBeVisible();
  // Refused calls only: the usage schedule's readings (every 10 s here, a call per Sub-user, and
  // other tests make many Sub-users) succeed, so they cannot push this test's calls off the
  // first page. The newest refused call is still the vehicle one: the refused input left no
  // entry.
  await page.goto("/requests?outcome=refused");
  const rows = page.getByTestId("request-row");
  await expect(rows.first()).toContainText("Technical vehicle record by svcId");
  await expect(rows.first()).toContainText("No vehicle type with this reference is known");
  await expect(page.locator("main")).not.toContainText("InvalidInputError");
  const labels = await page.getByLabel("Operation").locator("option").allTextContents();
  expect(labels.length).toBeGreaterThan(1);
  expect(labels.filter((l) => l.includes("`"))).toEqual([]);
});
