import { type Page } from "@playwright/test";
import { BENEFICIARY, MASTER, signInAsDemo } from "./support/auth";
import { chooseLanguage, expectNoEnglish } from "./support/languages";
import { expect, test } from "./support/test";

/** Opens a page and checks its main heading in German and that no English message text shows. */
async function expectGerman(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expectNoEnglish(page);
}

/** The address a page's first link of `testId` rows leads to. */
async function firstRowHref(page: Page, path: string, testId: string) {
  await page.goto(path);
  const href = await page
    .getByTestId(testId)
    .first()
    .getByRole("link")
    .first()
    .getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

test.describe("the account and billing pages in German", () => {
  test("Sub-users, grants, usage, logs and workspaces of a Master", async ({
    page,
    context,
    baseURL,
  }) => {
    // Fourteen pages in one walk.
    test.setTimeout(180_000);
    await signInAsDemo(page, MASTER);
    await chooseLanguage(context, baseURL, "de");

    await expectGerman(page, "/sub-users", "Sub-User");
    await expect(page.getByRole("button", { name: "Neuer Sub-User" })).toBeVisible();
    await expect(page.getByTestId("sub-user-count")).toContainText("Sub-Usern");
    const subUser = await firstRowHref(page, "/sub-users", "sub-user-row");
    await page.goto(subUser);
    await expect(page.getByRole("heading", { name: "Ratenlimits", exact: true })).toBeVisible();
    await expectNoEnglish(page);
    await expectGerman(page, `${subUser}/rate-limits`, /^Ratenlimits von /);

    await expectGerman(page, "/grants", "Gewährte Kostenübernahmen");
    const grant = await firstRowHref(page, "/grants", "grant-row");
    await expectGerman(page, grant, /^Kostenübernahme /);
    await expectGerman(page, "/grants/new", "Kostenübernahme gewähren");

    await expectGerman(page, "/usage", "Nutzung und Guthaben");
    await expect(page.getByTestId("billing-mode")).toHaveText("Vorausbezahltes Guthaben");

    await expectGerman(page, "/requests", "Anfrageprotokoll");
    await expectGerman(page, "/audit", "Audit-Protokoll");
    const entry = await firstRowHref(page, "/audit", "audit-row");
    await page.goto(entry);
    await expect(page.getByText("Was geschah")).toBeVisible();
    // The newest entry is this test's key sign-in, whose record keeps the words it was written
    // with ("Master client"): recorded data, not the page's words. Its words are checked on the
    // German walk of the audit list above.
    await expect(page.locator("html")).toHaveAttribute("lang", "de");

    await expectGerman(page, "/workspaces", "Partner-Workspaces");
    await expectGerman(page, "/workspaces/new", "Partner-Workspace einrichten");

    await expectGerman(page, "/sandbox", "Sandbox");
    await expect(page.getByRole("button", { name: "Einen Tag vorstellen" })).toBeVisible();
  });

  test("a form's pending text and a list's notice in German", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInAsDemo(page, MASTER);
    await chooseLanguage(context, baseURL, "de");
    await page.goto("/sub-users");
    await page.getByRole("button", { name: "Neuer Sub-User" }).click();
    const form = page.getByRole("form", { name: "Neuer Sub-User" });
    await expect(form.getByRole("button", { name: "Sub-User anlegen" })).toBeVisible();
    await page.goto("/audit?from=soon");
    await expect(page.getByText("Geben Sie ein Datum wie 23 Nov 2026 ein.")).toBeVisible();
    await expectNoEnglish(page);
  });

  test("a refusal the console words on the server, in German with German formats", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInAsDemo(page, MASTER);
    await chooseLanguage(context, baseURL, "de");
    await context.addCookies([{ name: "console_formats", value: "de-DE", url: baseURL! }]);
    await page.goto("/sandbox");
    const form = page.getByRole("form", { name: "Fehlerregel hinzufügen" });
    await form.getByLabel("Vorgang", { exact: true }).selectOption("getSystemStatus");
    await form.getByLabel("Wirkung").selectOption("latency");
    await form.getByLabel("Verzögerung (ms)").fill("viel");
    await form.getByRole("button", { name: "Regel hinzufügen" }).click();
    await expect(
      form.getByText("Eine ganze Zahl von Millisekunden von 1 bis 60.000."),
    ).toBeVisible();
    await expect(page.getByText("Prüfen Sie die markierten Felder.")).toBeVisible();
    await expect(form.getByLabel("Verzögerung (ms)")).toHaveValue("viel");
    await expectNoEnglish(page);
  });

  test("received grants of a beneficiary", async ({ page, context, baseURL }) => {
    await signInAsDemo(page, BENEFICIARY);
    await chooseLanguage(context, baseURL, "de");
    await expectGerman(page, "/received-grants", "Erhaltene Kostenübernahmen");
    await expectGerman(page, "/usage", "Nutzung und Guthaben");
  });
});
