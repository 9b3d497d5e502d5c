import { type Page } from "@playwright/test";
import { loseActionAnswers } from "./support/actions";
import { expect, test, uniqueName } from "./support/test";
import { MASTER, signInAsDemo } from "./support/auth";

test.beforeEach(async ({ page }) => {
  await signInAsDemo(page, MASTER);
});

async function fillWorkspace(page: Page, name: string, ref: string) {
  await page.goto("/workspaces/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("External reference").fill(ref);
  await page.getByLabel("translation").check();
  await page.getByLabel("parts_oe").check();
}

test("provisions a workspace with a grant and hands its key over once", async ({ page }) => {
  const ref = uniqueName("crm-4711", "-");
  const grant = uniqueName("lumiere", "-");
  await fillWorkspace(page, "Garage Lumière", ref);
  await page.getByLabel("Application label (optional)").fill("Lumière DMS");
  await page.getByLabel("Cover this workspace's calls with a grant from you").check();
  await page.getByLabel("Grant reference (optional)").fill(grant);
  await page.getByLabel("Monthly cap in euros (optional)").fill("30");
  await page.getByRole("button", { name: "Provision workspace" }).click();

  const result = page.getByRole("status").filter({ hasText: "Workspace provisioned" });
  await expect(result).toContainText(ref);
  await expect(result).toContainText("parts_oe, translation");
  await expect(result).toContainText(`${grant}, cap €30.00 per month`);
  const key = await page.getByTestId("new-api-key").inputValue();
  expect(key).toMatch(/^svc_live_/);
  await expect(page.getByText("label “Lumière DMS”")).toBeVisible();
  await expect(page.getByRole("button", { name: "Done" })).toBeDisabled();
  await page.getByLabel("I have stored the key").check();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("Hand-off complete")).toBeVisible();
  expect(await page.content()).not.toContain(key);

  await page.goto("/workspaces");
  const row = page.getByTestId("workspace-row").filter({ hasText: ref });
  await expect(row).toContainText("created");
  await expect(row).toContainText(grant);
  await row.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Garage Lumière" })).toBeVisible();
});

test("shows a duplicate external reference on its field, with a link to the workspace", async ({
  page,
}) => {
  const dup = uniqueName("crm-dup", "-");
  await fillWorkspace(page, "Garage Soleil", dup);
  await page.getByRole("button", { name: "Provision workspace" }).click();
  await page.getByLabel("I have stored the key").check();
  await page.getByRole("button", { name: "Done" }).click();

  await fillWorkspace(page, "Garage Soleil bis", dup);
  await page.getByRole("button", { name: "Provision workspace" }).click();
  await expect(
    page.getByText("A partner workspace with this external reference already exists.").first(),
  ).toBeVisible();
  await expect(page.getByLabel("External reference")).toHaveValue(dup);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Garage Soleil bis");
  await page.getByRole("link", { name: /^Open workspace ws_/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Garage Soleil" })).toBeVisible();
});

test("validates the form and keeps what was typed", async ({ page }) => {
  await page.goto("/workspaces/new");
  await page.getByLabel("Name", { exact: true }).fill("No keys");
  await page.getByRole("button", { name: "Provision workspace" }).click();
  await expect(page.getByText("Choose at least one endpoint key.")).toBeVisible();
  await expect(page.getByText("must not be empty")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("No keys");
});

test("after a lost answer says the outcome is unknown, never resends, and the registry has the record", async ({
  page,
}) => {
  const lost = uniqueName("crm-lost", "-");
  await fillWorkspace(page, "Garage Brume", lost);
  const sent = await loseActionAnswers(page, "**/workspaces/new");
  await page.getByRole("button", { name: "Provision workspace" }).click();
  await expect(page.getByText("The outcome is unknown")).toBeVisible();
  await expect(
    page.getByText("Its API key could not be shown and cannot be recovered."),
  ).toBeVisible();
  expect(sent.posts).toBe(1);
  await page.unroute("**/workspaces/new");
  await page.getByRole("link", { name: "workspace registry" }).click();
  await expect(page.getByTestId("workspace-row").filter({ hasText: lost })).toContainText(
    "created",
  );
});
