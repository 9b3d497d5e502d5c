import { loseActionAnswers } from "./support/actions";
import { OPERATIONS } from "@/lib/api/contract/operations";
import { expect, test, uniqueName, waitForQuietNetwork } from "./support/test";
import { MASTER, SANDBOX, signInAsDemo, SUB_USER, signOut } from "./support/auth";
import { ageAllSessions } from "./support/store";

test("a page view renders no other page until a person reaches for its link", async ({ page }) => {
  await signInAsDemo(page, MASTER);
  const prefetched: string[] = [];
  page.on("request", (request) => {
    if (request.headers()["next-router-prefetch"]) prefetched.push(new URL(request.url()).pathname);
  });
  await page.goto("/grants");
  await waitForQuietNetwork(page);
  // The navigation and the grants table hold some 30 links: none was fetched on sight.
  expect(prefetched).toEqual([]);
  const audit = page
    .getByRole("navigation", { name: "Console sections" })
    .getByRole("link", { name: "Audit log" });
  await audit.hover();
  await expect.poll(() => prefetched).toContain("/audit");
  expect(new Set(prefetched)).toEqual(new Set(["/audit"]));
  await audit.click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  // Keyboard focus is intent too.
  await page
    .getByRole("navigation", { name: "Console sections" })
    .getByRole("link", { name: "Sandbox" })
    .focus();
  await expect.poll(() => prefetched).toContain("/sandbox");
});

test("the sections are grouped as people look for them", async ({ page }) => {
  await signInAsDemo(page, MASTER);
  const nav = page.getByRole("navigation", { name: "Console sections" });
  const group = (name: string) => nav.getByRole("region", { name });
  await expect(group("Vehicles and parts").getByRole("link")).toHaveText([
    "VIN lookup",
    "Vehicles",
    "Parts (OE)",
    "VDI and translation",
    "Recalls",
    "Scanner",
    "Vision",
    "Intelligence",
    "Jobs",
  ]);
  await expect(group("Account and billing").getByRole("link")).toHaveText([
    "Usage and credit",
    "Sub-users",
    "Issued grants",
    "Received grants",
    "Partner workspaces",
    "Audit log",
  ]);
  await expect(group("Developers").getByRole("link")).toHaveText([
    "Agent access",
    "Request log",
    "Sandbox",
  ]);
  await group("Developers").getByRole("link", { name: "Request log" }).click();
  await expect(group("Developers").getByRole("link", { name: "Request log" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("usage and credit: balance in euros, quota states, no-quota plans, visible plans", async ({
  page,
}) => {
  await signInAsDemo(page, MASTER);
  await page
    .getByRole("navigation", { name: "Console sections" })
    .getByRole("link", { name: "Usage and credit" })
    .click();
  await expect(page.getByTestId("credit-balance")).toHaveText(/^€\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(page.getByTestId("billing-mode")).toHaveText("Prepaid credit");
  const translation = page.getByTestId("plan-usage-row").filter({ hasText: "Translation Basic" });
  await expect(translation).toContainText("90 percent reached");
  const plans = page.getByRole("table", {
    name: "Standard and custom plans visible to this Client",
  });
  await expect(plans.getByRole("row").filter({ hasText: "SEO Pay per Use" })).toContainText(
    "no included quota",
  );
  await expect(
    plans.getByRole("row").filter({ hasText: "Northwind Normalization (custom)" }),
  ).toContainText("custom");
});

test("a Sub-user sees its own usage", async ({ page }) => {
  await signInAsDemo(page, SUB_USER);
  await page.goto("/usage");
  await expect(page.getByTestId("plan-usage-row").filter({ hasText: "VIN Starter" })).toContainText(
    "93",
  );
});

test("an expired session sends pages to sign-in and refuses actions", async ({ page }) => {
  await signInAsDemo(page, MASTER);
  await page.goto("/sub-users/cl_demo_hamburg");
  await ageAllSessions("2 hours");
  // An action from a page rendered before expiry is refused by the action itself.
  await page.getByRole("textbox", { name: "Name" }).fill("Too late");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("Your session has expired. Sign in again.")).toBeVisible();
  await page.goto("/sub-users");
  await expect(page).toHaveURL(/\/sign-in\?reason=expired$/);
  await expect(page.getByText("Your session has expired. Sign in again.")).toBeVisible();
});

test("a sandbox key reads but cannot change administration", async ({ page }) => {
  await signInAsDemo(page, SANDBOX);
  await expect(page.getByRole("banner").getByText("sandbox", { exact: true })).toBeVisible();
  await page.goto("/sub-users/cl_demo_hamburg");
  const name = page.getByRole("textbox", { name: "Name" });
  // The form fills in the current name as it comes alive: typing starts after that, on a slow
  // machine too (a fill that straddled it kept both texts).
  await expect(name).not.toHaveValue("");
  await name.fill("Renamed from the sandbox");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("This change is not available with a sandbox key.")).toBeVisible();
  await expect(name).toHaveValue("Renamed from the sandbox");
});

test("when the answer to a Sub-user creation is lost, the console says so, never resends, and reconciles with the list", async ({
  page,
}) => {
  await signInAsDemo(page, MASTER);
  await page.goto("/sub-users");
  const sent = await loseActionAnswers(page, "**/sub-users");
  const potsdam = uniqueName("Workshop Potsdam");
  await page.getByRole("button", { name: "New Sub-user" }).click();
  await page.getByLabel("Name", { exact: true }).fill(potsdam);
  await page.getByRole("button", { name: "Create Sub-user" }).click();
  await expect(page.getByText("The outcome is unknown")).toBeVisible();
  await expect(page.getByText("Do not submit it again before checking")).toBeVisible();
  // The form keeps the name but cannot be sent again before the list was checked.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(potsdam);
  await expect(page.getByRole("button", { name: "Create Sub-user" })).toBeDisabled();
  await expect(page.getByText("Check the list first")).toBeVisible();
  await page.unroute("**/sub-users");
  await page.getByRole("button", { name: "Check the list now" }).click();
  const row = page.getByTestId("sub-user-row").filter({ hasText: potsdam });
  await expect(row).toContainText("created since your attempt");
  await expect(page.getByRole("button", { name: "Create Sub-user" })).toBeEnabled();
  expect(sent.posts).toBe(1);

  await page.goto("/audit?outcome=success&operation=createClientUser");
  await expect(page.getByTestId("audit-row").filter({ hasText: potsdam })).toHaveCount(1);
});

test("the audit log lists actions with their outcome and filters them, each organization its own", async ({
  page,
}) => {
  // A refused change with the Client's sandbox key: in the sandbox organization's log.
  await signInAsDemo(page, SANDBOX);
  await page.goto("/sub-users/cl_demo_hamburg");
  await page.getByRole("textbox", { name: "Name" }).fill("Hamburg from the sandbox");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("This change is not available with a sandbox key.")).toBeVisible();
  await page.goto("/audit?outcome=failure");
  const refused = page.getByTestId("audit-row").filter({ hasText: "sandbox_endpoint_unavailable" });
  await expect(refused.first()).toContainText("cl_demo_hamburg");
  await signOut(page);

  // An accepted one with its production key: in the production organization's log, which
  // never shows the sandbox organization's entries.
  await signInAsDemo(page, MASTER);
  await page.goto("/sub-users/cl_demo_hamburg");
  await page.getByRole("textbox", { name: "Name" }).fill("Workshop Hamburg-Altona");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await page.goto("/audit");
  await expect(
    page
      .getByTestId("audit-row")
      .filter({ hasText: OPERATIONS.updateClientUser.summary.replaceAll("`", "") })
      .first(),
  ).toContainText("success");
  await page.getByLabel("Outcome").selectOption("failure");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/outcome=failure/);
  await expect(
    page.getByTestId("audit-row").filter({ hasText: "sandbox_endpoint_unavailable" }),
  ).toHaveCount(0);
  for (const outcome of await page
    .getByTestId("audit-row")
    .locator("td:nth-child(5)")
    .allTextContents())
    expect(outcome).toBe("failure");
  const html = await page.content();
  expect(html).not.toMatch(/svc_(live|test)_[0-9A-Za-z]{8}/);
});
