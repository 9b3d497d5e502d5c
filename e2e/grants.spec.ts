import { type Page } from "@playwright/test";
import { refreshSubUserList } from "./support/sub-users";
import { expect, test, uniqueName } from "./support/test";
import { BENEFICIARY, MASTER, signedInAs, signInAsDemo, signOut } from "./support/auth";
import { serviceFetch } from "./support/demo";

test.describe("sponsor", () => {
  signedInAs(test, MASTER);

  test("sees active and historical grants with what each covered this month against its cap", async ({
    page,
  }) => {
    await page.goto("/grants");
    const active = page.getByRole("region", { name: /^Active/ });
    const capped = active.getByTestId("grant-row").filter({ hasText: "sonnenschein-vin" });
    await expect(capped).toContainText("€9.00 of €50.00 (20 calls)");
    await expect(capped).toContainText("hub");
    await expect(
      active.getByTestId("grant-row").filter({ hasText: "sonnenschein-seo" }),
    ).toContainText("sponsor's terms");
    const historical = page.getByRole("region", { name: /^Historical/ });
    await expect(
      historical.getByTestId("grant-row").filter({ hasText: "sonnenschein-parts-2025" }),
    ).toContainText("revoked");
  });

  test("issues a grant: errors next to fields with values kept, a taken reference refused", async ({
    page,
  }) => {
    await page.goto("/grants/new");
    await page.getByLabel("Reference").fill("sonnenschein-vin");
    await page.getByLabel("Beneficiary", { exact: true }).selectOption("cl_demo_hamburg");
    await page.getByLabel("Monthly cap in euros (optional)").fill("12.345");
    await page.getByRole("button", { name: "Issue grant" }).click();
    await expect(page.getByText("Choose at least one endpoint key.")).toBeVisible();
    await expect(page.getByText("Enter an amount in euros, e.g. 50 or 49.90.")).toBeVisible();
    await expect(page.getByLabel("Monthly cap in euros (optional)")).toHaveValue("12.345");

    await page.getByLabel("parts_oe").check();
    await page.getByLabel("Monthly cap in euros (optional)").fill("25");
    await page.getByRole("button", { name: "Issue grant" }).click();
    await expect(page.getByText("You already issued a grant with this reference.")).toBeVisible();
    await expect(page.getByLabel("Reference")).toHaveValue("sonnenschein-vin");

    const reference = uniqueName("hamburg-parts", "-");
    await page.getByLabel("Reference").fill(reference);
    await page.getByRole("button", { name: "Issue grant" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Grant ${reference}` })).toBeVisible();
    await expect(page.getByText("Saved.")).toBeVisible();
    await expect(page.getByTestId("coverage")).toContainText("€0.00 of €25.00");
  });

  test("with more Sub-users than the picker shows, the beneficiary is found by a search on the server", async ({
    page,
  }) => {
    // The console's index of the Sub-users, from before the new ones.
    await page.goto("/sub-users");
    // 51 more Sub-users, named to sort after the demo ones: the picker shows 50 at first.
    const tag = uniqueName("picker");
    const ids: string[] = [];
    for (let i = 0; i < 51; i++) {
      const created = await serviceFetch("/client/users", {
        method: "POST",
        body: { name: `Zz ${tag} ${i}` },
      });
      expect(created.status).toBe(200);
      ids.push(((await created.json()) as { id: string }).id);
    }
    // Made outside the console: they show once the list is taken from the service again (the
    // scheduled round may take it first: it runs every 10 s here, so "not yet" is not asserted).
    await page.goto("/sub-users");
    await refreshSubUserList(page);
    await page.getByLabel("Search by name or id").fill(`${tag} 50`);
    await expect(page.getByTestId("sub-user-row")).toHaveCount(1);
    await page.goto("/grants/new");
    const find = page.getByLabel("Find a Sub-user");
    const beneficiary = page.getByLabel("Beneficiary", { exact: true });
    await expect(page.getByText(/^Showing 50 of \d+ Sub-users, by name/)).toBeVisible();
    // The 50, the prompt and "Another Client".
    await expect(beneficiary.locator("option")).toHaveCount(52);
    await expect(beneficiary.locator(`option[value=${ids[50]}]`)).toHaveCount(0);

    await find.fill(`${tag} 50`);
    await expect(page.getByText("Showing 1 of 1 matching Sub-users, by name.")).toBeVisible();
    await expect(beneficiary.locator("option")).toHaveCount(3);
    await beneficiary.selectOption(ids[50]!);
    // The chosen Sub-user stays chosen while the search shows none.
    await find.fill(`${tag} nobody`);
    await expect(
      page.getByText("No Sub-user matches. Another Client can be typed by id."),
    ).toBeVisible();
    await expect(beneficiary).toHaveValue(ids[50]!);

    // A search the console cannot answer says so next to the field; the choice stays.
    await page.route("**/api/sub-users?*", (route) => route.fulfill({ status: 500 }));
    await find.fill(`${tag} 4`);
    await expect(
      page.getByText("The console could not search the Sub-users. Try again."),
    ).toBeVisible();
    await expect(beneficiary).toHaveValue(ids[50]!);
    await page.unroute("**/api/sub-users?*");

    const reference = uniqueName("picked", "-");
    await page.getByLabel("Reference").fill(reference);
    await page.getByLabel("translation").check();
    await page.getByRole("button", { name: "Issue grant" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Grant ${reference}` })).toBeVisible();
    // The grant's page names its beneficiary, and its form has it chosen, beyond the first 50.
    await expect(page.getByRole("button", { name: `Copy Client id ${ids[50]}` })).toBeVisible();
    await expect(page.getByText(`Zz ${tag} 50`).first()).toBeVisible();
    const form = page.getByRole("form", { name: "Replace the grant" });
    await expect(form.getByLabel("Beneficiary", { exact: true })).toHaveValue(ids[50]!);
  });

  test("shows what a replacement changes before sending, then replaces", async ({ page }) => {
    const reference = uniqueName("berlin-translation", "-");
    await page.goto("/grants/new");
    await page.getByLabel("Reference").fill(reference);
    await page.getByLabel("Beneficiary", { exact: true }).selectOption("cl_demo_berlin");
    await page.getByLabel("translation").check();
    await page.getByRole("button", { name: "Issue grant" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Grant ${reference}` })).toBeVisible();

    const form = page.getByRole("form", { name: "Replace the grant" });
    // The replacement may name another of the Master's Sub-users as the beneficiary.
    const beneficiary = form.getByLabel("Beneficiary", { exact: true });
    await expect(beneficiary).toHaveValue("cl_demo_berlin");
    await expect(beneficiary.locator("option[value=cl_demo_hamburg]")).toHaveCount(1);
    await form.getByLabel("parts_seo").check();
    await form.getByLabel("Monthly cap in euros (optional)").fill("10");
    await form.getByLabel("Permit the beneficiary to switch to your terms").check();
    await form.getByRole("button", { name: "Review changes" }).click();
    const changes = page.getByTestId("grant-changes");
    await expect(changes).toContainText("Endpoint keys added: parts_seo");
    await expect(changes).toContainText("Monthly cap: no cap → €10.00");
    await expect(changes).toContainText("Switch to your terms: not permitted → permitted");
    await page.getByRole("button", { name: "Replace grant" }).click();
    await expect(page.getByText("Saved.")).toBeVisible();
    await expect(page.getByTestId("coverage")).toContainText("of €10.00");
    // The review is over: its button is gone and the form shows the saved terms.
    await expect(page.getByRole("button", { name: "Replace grant" })).toHaveCount(0);
    await expect(form.getByLabel("Monthly cap in euros (optional)")).toHaveValue("10.00");
  });

  test("an unknown beneficiary is the field's error, and typed dates read like the rest of the console", async ({
    page,
  }) => {
    await page.goto("/grants/new");
    await page.getByLabel("Reference").fill(uniqueName("nobody", "-"));
    await page
      .getByLabel("Beneficiary", { exact: true })
      .selectOption({ label: "Another Client: type its id" });
    await page.getByLabel("Beneficiary Client id").fill("cl_nobody_here");
    await page.getByLabel("parts_oe").check();
    await page.getByLabel("Start (UTC, optional)").fill("12/01/2026");
    await page.getByRole("button", { name: "Issue grant" }).click();
    await expect(page.getByText("Enter a date like 1 Dec 2026")).toBeVisible();
    await page.getByLabel("Start (UTC, optional)").fill("1 Dec 2026 00:00");
    await page.getByRole("button", { name: "Issue grant" }).click();
    const field = page.getByLabel("Beneficiary Client id");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("No active Client has the id cl_nobody_here.")).toBeVisible();
    await expect(page.getByText("No such Sub-user belongs")).toHaveCount(0);
    await expect(field).toHaveValue("cl_nobody_here");
  });

  test("the list shows beneficiaries by name and keeps its filters and sort in the address", async ({
    page,
  }) => {
    await page.goto("/grants");
    const row = page.getByTestId("grant-row").filter({ hasText: "hamburg-parts" }).first();
    await expect(row).toContainText(/Workshop Hamburg/);
    await expect(row.getByRole("button", { name: "Copy Client id cl_demo_hamburg" })).toBeVisible();
    await page.getByLabel("Beneficiary", { exact: true }).selectOption("cl_demo_sonnenschein");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/grants\?beneficiary=cl_demo_sonnenschein$/);
    await page.reload();
    const rows = page.getByTestId("grant-row");
    await expect(rows.first()).toContainText("cl_demo_sonnenschein");
    for (const text of await rows.allTextContents()) expect(text).toContain("cl_demo_sonnenschein");
    await page
      .getByRole("columnheader", { name: /Reference/ })
      .first()
      .getByRole("link")
      .click();
    await expect(page).toHaveURL(/sort=reference-desc/);
    await expect(page.getByRole("columnheader", { name: /Reference/ }).first()).toHaveAttribute(
      "aria-sort",
      "descending",
    );
  });

  test("revokes after a confirmation that explains the effect; the grant stays as historical", async ({
    page,
  }) => {
    const reference = uniqueName("short-lived", "-");
    await page.goto("/grants/new");
    await page.getByLabel("Reference").fill(reference);
    await page.getByLabel("Beneficiary", { exact: true }).selectOption("cl_demo_hamburg");
    await page.getByLabel("parts_normalize").check();
    await page.getByRole("button", { name: "Issue grant" }).click();
    await page.getByRole("button", { name: "Revoke…" }).click();
    const dialog = page.getByRole("dialog", { name: `Revoke grant ${reference}?` });
    await expect(dialog).toContainText("new requests of cl_demo_hamburg are no longer covered");
    await expect(dialog).toContainText("Results and entitlements obtained so far remain");
    await dialog.getByRole("button", { name: "Revoke grant" }).click();
    await expect(page.getByText("revoked", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("A revoked grant cannot change.")).toBeVisible();
    await page.goto("/grants");
    await expect(
      page
        .getByRole("region", { name: /^Historical/ })
        .getByTestId("grant-row")
        .filter({ hasText: reference }),
    ).toHaveCount(1);
  });
});

/** Issues a grant from the demo Master to the demo beneficiary, then signs the Master out. */
async function grantToBeneficiary(
  page: Page,
  grant: {
    reference: string;
    endpointKey: string;
    monthlyCapEuros?: string;
    permitSwitch?: boolean;
  },
) {
  await signInAsDemo(page, MASTER);
  await page.goto("/grants/new");
  await page.getByLabel("Reference").fill(grant.reference);
  await page
    .getByLabel("Beneficiary", { exact: true })
    .selectOption({ label: "Another Client: type its id" });
  await page.getByLabel("Beneficiary Client id").fill("cl_demo_sonnenschein");
  await page.getByLabel(grant.endpointKey).check();
  if (grant.monthlyCapEuros)
    await page.getByLabel("Monthly cap in euros (optional)").fill(grant.monthlyCapEuros);
  if (grant.permitSwitch)
    await page.getByLabel("Permit the beneficiary to switch to your terms").check();
  await page.getByRole("button", { name: "Issue grant" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await signOut(page);
}

test.describe("beneficiary", () => {
  test("sees received grants and switches one permanently to the sponsor's terms after reading the consequence", async ({
    page,
  }) => {
    // The switch is permanent, so the grant switched is one this test issues: a retry starts over.
    const reference = uniqueName("sonnenschein-switch", "-");
    await grantToBeneficiary(page, {
      reference,
      endpointKey: "parts_oe",
      monthlyCapEuros: "75",
      permitSwitch: true,
    });

    await signInAsDemo(page, BENEFICIARY);
    await page
      .getByRole("navigation", { name: "Console sections" })
      .getByRole("link", { name: "Received grants" })
      .click();
    const rows = page.getByTestId("received-grant-row");
    await expect(
      rows.filter({ hasText: "cl_demo_northwind" }).filter({ hasText: "sonnenschein-seo" }),
    ).toContainText("Already on the sponsor's terms.");
    await expect(rows.filter({ hasText: "sonnenschein-parts-2025" })).toContainText(
      "The grant was revoked.",
    );

    // The same reference from two sponsors: the dialog describes the terms of the row chosen.
    const kraftwerk = rows.filter({ hasText: "cl_demo_kraftwerk" });
    await kraftwerk.getByRole("button", { name: "Switch to the sponsor's terms…" }).click();
    const kraftwerkDialog = page.getByRole("dialog", { name: "Billing mode for sonnenschein-vin" });
    await expect(kraftwerkDialog).toContainText("within a cap of €200.00 per month");
    await kraftwerkDialog.getByRole("button", { name: "Keep own terms" }).click();
    await expect(kraftwerkDialog).toBeHidden();
    await expect(kraftwerk).toContainText("own");

    const issued = rows.filter({ hasText: reference });
    await issued.getByRole("button", { name: "Switch to the sponsor's terms…" }).click();
    const dialog = page.getByRole("dialog", { name: `Billing mode for ${reference}` });
    await expect(dialog).toContainText(
      "Your plan and credit pay first; the sponsor covers the rest.",
    );
    await expect(dialog).toContainText("within a cap of €75.00 per month");
    await expect(dialog).toContainText("This switch is permanent");
    await expect(dialog.getByRole("button", { name: "Keep own terms" })).toBeFocused();
    await dialog.getByRole("button", { name: "Switch permanently" }).click();
    await expect(issued).toContainText("sponsor's terms");
    await expect(issued).toContainText("Already on the sponsor's terms.");
    await expect(
      rows.filter({ hasText: "cl_demo_northwind" }).filter({ hasText: "sonnenschein-vin" }),
    ).toContainText("own");
    await expect(kraftwerk).toContainText("own");
  });

  test("cannot switch where the sponsor does not permit it", async ({ page }) => {
    const reference = uniqueName("sonnenschein-no-switch", "-");
    await grantToBeneficiary(page, { reference, endpointKey: "recalls_vehicle" });
    await signInAsDemo(page, BENEFICIARY);
    await page.goto("/received-grants");
    await expect(
      page.getByTestId("received-grant-row").filter({ hasText: reference }),
    ).toContainText("The sponsor does not permit switching to its terms.");
  });

  test("a Sub-user has no issued grants page", async ({ page }) => {
    await signInAsDemo(page, /Sign in as Workshop Berlin/);
    await expect(
      page
        .getByRole("navigation", { name: "Console sections" })
        .getByRole("link", { name: "Issued grants" }),
    ).toHaveCount(0);
    await page.goto("/grants");
    await expect(page.getByText("Master clients only")).toBeVisible();
  });
});
