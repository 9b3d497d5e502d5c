import { type Page, type Request } from "@playwright/test";
import { type OperationId } from "@/lib/api/contract/operations";
import { dutyRefusal, roleRefusal } from "@/lib/auth/rights";
import { type Role } from "@/lib/auth/roles";
import { isServerAction, postActionAs } from "./support/actions";
import { expect, test } from "./support/test";
import { signInAsDemoPerson } from "./support/people";

/**
 * A role is not offered what it may not do: where a page shows an action for orientation, the
 * action is disabled and described by the sentence that names the roles that could (the one the
 * server answers with); the owner has every action.
 */
const SUB_USER = "/sub-users/cl_demo_berlin";
const GRANT = "/grants/issued/sonnenschein-vin";

/** The sentence a role reads beside an operation it may not call (the demo Client is a Master). */
const refusal = (role: Role, operation: OperationId) =>
  roleRefusal({ isMaster: true, role, actor: { kind: "person" } }, operation)!;

/** A disabled button, described by the refusal. */
async function expectRefused(page: Page, name: string | RegExp, sentence: string) {
  const button = page.getByRole("button", { name, exact: typeof name === "string" });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription(sentence);
}

for (const [person, role] of [
  ["Viktor Viewer", "viewer"],
  ["Oskar Operator", "operator"],
  ["Bea Billing", "billing"],
] as const)
  test(`${role}: the Master's administration is shown disabled, with the roles that could`, async ({
    page,
  }) => {
    await signInAsDemoPerson(page, person);

    await page.goto("/sub-users");
    await expectRefused(page, "New Sub-user", refusal(role, "createClientUser"));
    await page.goto(SUB_USER);
    await expectRefused(page, "Rename", refusal(role, "updateClientUser"));
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveCount(0);
    await expectRefused(page, /^(Deactivate…|Reactivate)$/, refusal(role, "updateClientUser"));
    await expectRefused(page, "Issue key", refusal(role, "createClientUserApiKey"));
    await expect(page.getByRole("link", { name: "Edit rate limits" })).toHaveCount(0);
    await expectRefused(page, "Edit rate limits", refusal(role, "replaceClientUserRateLimits"));

    // Partner workspaces and the organization's people are not offered at all.
    await page.goto("/workspaces");
    await expect(page.getByText("Not open to your role")).toBeVisible();
    await expect(page.getByRole("link", { name: "Provision a workspace" })).toHaveCount(0);
    await page.goto("/organization");
    await expect(page.getByRole("form", { name: "Invite someone" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(0);
    await expect(page.getByRole("combobox", { name: /^Role of / })).toHaveCount(0);

    // Grants are billing's work: offered to billing, disabled for the others.
    await page.goto("/grants");
    if (role === "billing") {
      await expect(page.getByRole("link", { name: "Issue a grant" })).toBeVisible();
    } else {
      await expect(page.getByRole("link", { name: "Issue a grant" })).toHaveCount(0);
      await expectRefused(page, "Issue a grant", refusal(role, "upsertSponsorshipGrant"));
      await page.goto(GRANT);
      await expectRefused(page, "Revoke…", refusal(role, "revokeSponsorshipGrant"));
      await expectRefused(page, "Review changes", refusal(role, "upsertSponsorshipGrant"));
      await expect(page.getByRole("form", { name: "Replace the grant" })).toHaveCount(0);
    }

    // Jobs are an operator's work.
    await page.goto("/jobs");
    if (role === "operator") {
      await expect(page.getByRole("link", { name: "Start a job" })).toBeVisible();
    } else {
      await expectRefused(page, "Start a job", refusal(role, "getPartsByVin"));
      await page.goto("/jobs/new?kind=cart_check");
      await expectRefused(page, "Start the job", refusal(role, "checkVinCart"));
      await expect(page.getByRole("button", { name: "Check the cart" })).toHaveCount(0);
    }
  });

test("the owner is offered every action", async ({ page }) => {
  await signInAsDemoPerson(page, "Olivia Owner");
  await page.goto("/sub-users");
  await expect(page.getByRole("button", { name: "New Sub-user" })).toBeEnabled();
  await page.goto(SUB_USER);
  await expect(page.getByRole("button", { name: "Rename" })).toBeEnabled();
  await expect(page.getByRole("button", { name: /^(Deactivate…|Reactivate)$/ })).toBeEnabled();
  await expect(page.getByRole("link", { name: "Edit rate limits" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Issue key" })).toHaveCount(1);
  await page.goto("/grants");
  await expect(page.getByRole("link", { name: "Issue a grant" })).toBeVisible();
  await page.goto(GRANT);
  await expect(page.getByRole("button", { name: "Revoke…" })).toBeEnabled();
  await expect(page.getByRole("form", { name: "Replace the grant" })).toBeVisible();
  await page.goto("/jobs");
  await expect(page.getByRole("link", { name: "Start a job" })).toBeVisible();
  await expect(page.getByTestId("refused-action")).toHaveCount(0);
});

test("no role below admin reads a demo account's service sign-in, offered or posted directly", async ({
  page,
  browser,
}) => {
  // The owner's own click, as the browser sends it.
  await signInAsDemoPerson(page, "Olivia Owner");
  await page.goto("/agent");
  const posted = page.waitForRequest(isServerAction);
  await page.getByRole("button", { name: "Show this demo account's service sign-in" }).click();
  const reveal: Request = await posted;
  const shown = page.getByTestId("demo-service-sign-in");
  await expect(shown).toBeVisible();
  const password = (await shown.locator("dd code").nth(1).innerText()).trim();
  expect(password.length).toBeGreaterThan(8);

  for (const [person, role] of [
    ["Oskar Operator", "operator"],
    ["Viktor Viewer", "viewer"],
  ] as const) {
    const context = await browser.newContext();
    const theirs = await context.newPage();
    await signInAsDemoPerson(theirs, person);
    await theirs.goto("/agent");
    await expect(
      theirs.getByRole("button", { name: "Show this demo account's service sign-in" }),
    ).toHaveCount(0);
    // An operator reaches the page and is told who could; a viewer is not offered the page.
    if (role === "operator")
      await expect(theirs.getByTestId("demo-sign-in-refused")).toHaveText(
        dutyRefusal({ isMaster: true, role, actor: { kind: "person" } }, "readDemoSecrets")!,
      );
    const text = await postActionAs(theirs, reveal);
    expect(text, role).toContain("role_forbidden");
    expect(text, role).toContain(`Your role (${role}) does not allow you to see`);
    expect(text, role).not.toContain(password);
    await context.close();
  }
  // Who saw it is audited, never what they saw.
  await page.goto("/audit");
  const shownRow = page
    .getByTestId("audit-row")
    .filter({ hasText: "Showed the demo account's service sign-in" })
    .filter({ hasText: "olivia@northwind.example" })
    .first();
  await expect(shownRow).toContainText("success");
  await expect(page.getByTestId("audit-row").filter({ hasText: password })).toHaveCount(0);
});
