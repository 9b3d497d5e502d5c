import { type Page } from "@playwright/test";
import { MASTER, PILOT_SANDBOX, SANDBOX, signInAsDemo } from "./support/auth";
import { chooseLanguage, expectNoEnglish } from "./support/languages";
import { withConsoleStore } from "./support/store";
import { expect, test } from "./support/test";

// The operations pages in German: signed in (in English, as the demo sign-in expects), then
// German chosen; each page's heading is German and none of its message text is left in English.
async function opensInGerman(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expectNoEnglishInPage(page);
}

/**
 * What the service itself sends, shown as sent (never translated): the fields of an answer
 * (`ValueList`s, labelled `dl`s, whose humanised names may match a label of ours, such as
 * "Model year"), register and catalogue records, and the agent tools' descriptions.
 */
const SERVICE_TEXT = [
  "dl[aria-label]",
  "[data-testid='vehicle-recalls'] table",
  "[data-testid='vdi-catalogue'] table",
  "[data-testid='agent-tool']",
].join(", ");

/**
 * `expectNoEnglish` for what these pages render: the console's header and section navigation
 * (the shell's, checked by its own spec) are hidden first, as their links share words with these
 * pages' titles ("VIN lookup", "Parts (OE)", "Agent access"), and so is the service's own text.
 */
async function expectNoEnglishInPage(page: Page) {
  await page.evaluate((selector) => {
    const hidden = [document.querySelector("header"), ...document.querySelectorAll(selector)];
    for (const element of hidden) if (element) (element as HTMLElement).style.display = "none";
  }, SERVICE_TEXT);
  await expectNoEnglish(page);
}

test.describe("operations in German", () => {
  test("vehicles, parts, catalogue, recalls and jobs, with results", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInAsDemo(page, MASTER);
    await chooseLanguage(context, baseURL, "de");
    await opensInGerman(page, "/vehicles", "Fahrzeug-Workspace");
    await opensInGerman(page, "/vehicles?vin=WVWZZZ1KZ8W000001", "Fahrzeug-Workspace");
    await expect(page.getByRole("heading", { name: "Fahrzeugdatensatz" })).toBeVisible();
    await opensInGerman(page, "/vehicles/intake", "Fahrzeugaufnahme");
    await opensInGerman(page, "/parts", "Teile (OE)");
    await opensInGerman(page, "/parts?oe=1K0+615+301+AA", "Teile (OE)");
    await expect(page.getByRole("heading", { name: "Basisteil" })).toBeVisible();
    await opensInGerman(page, "/catalogue", "VDI-Katalog und Übersetzung");
    await opensInGerman(page, "/catalogue?view=browse", "VDI-Katalog und Übersetzung");
    await opensInGerman(page, "/recalls", "Rückrufe");
    await opensInGerman(page, "/recalls?vin=WVWZZZ1KZ8W000001", "Rückrufe");
    await opensInGerman(page, "/jobs", "Jobs");
    await opensInGerman(page, "/jobs/new", "Job starten");
    await opensInGerman(page, "/jobs/new?kind=cart_check", "Job starten");
    await opensInGerman(page, "/scanner", "Scanner");
    await opensInGerman(page, "/vision", "Bildanalyse");
    await opensInGerman(page, "/intelligence", "Marktdaten");
    await opensInGerman(page, "/agent", "Agentenzugang");
  });

  test("a job's state in German words, in the list and on its page", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInAsDemo(page, PILOT_SANDBOX);
    // A finished job of an hour ago: its state is the console's word for it.
    const id = `job-words-${Date.now()}`;
    await withConsoleStore((c) =>
      c.query(
        `INSERT INTO console_jobs (id, organization_id, client_id, family, status, input, created_at, updated_at)
         SELECT $1, o.id, o.client_id, 'vin_parts', 'failed', '{"vin":"WVWZZZ1KZ8W000001"}',
                now() - interval '1 hour', now() - interval '1 hour'
         FROM console_organizations o WHERE o.client_id = 'cl_demo_pilot_lab'`,
        [id],
      ),
    );
    await chooseLanguage(context, baseURL, "de");
    await page.goto("/jobs?status=failed");
    await expect(
      page
        .getByTestId("job-row")
        .filter({ has: page.locator(`a[href="/jobs/${id}"]`) })
        .getByTestId("job-status"),
    ).toHaveText("fehlgeschlagen");
    await page.goto(`/jobs/${id}`);
    await expect(page.getByTestId("job-status")).toHaveText("fehlgeschlagen");
    await expectNoEnglishInPage(page);
  });

  test("a form's own check speaks German", async ({ page, context, baseURL }) => {
    await signInAsDemo(page, MASTER);
    await chooseLanguage(context, baseURL, "de");
    await page.goto("/jobs/new?kind=cart_check&vin=WVWZZZ1KZ8W000001");
    await expect(page.getByRole("heading", { level: 1, name: "Job starten" })).toBeVisible();
    await page.getByRole("button", { name: "Warenkorb prüfen" }).click();
    await expect(
      page.getByText("Geben Sie 1 bis 30 OE-Nummern ein, eine pro Zeile (jetzt 0)."),
    ).toBeVisible();
  });

  test("VIN lookup, scanner and intelligence for the sandbox and pilot accounts", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInAsDemo(page, SANDBOX);
    await chooseLanguage(context, baseURL, "de");
    await opensInGerman(page, "/vin", "FIN-Suche");
    await opensInGerman(page, "/vin?refused=expired", "FIN-Suche");
    await expect(page.getByText("Diese Suche ist abgelaufen.", { exact: false })).toBeVisible();
    await opensInGerman(page, "/scanner", "Scanner");
    await context.clearCookies();
    await signInAsDemo(page, PILOT_SANDBOX);
    await chooseLanguage(context, baseURL, "de");
    await opensInGerman(page, "/intelligence", "Marktdaten");
    await opensInGerman(page, "/intelligence/vin", "VIN Economic Intelligence");
  });
});
