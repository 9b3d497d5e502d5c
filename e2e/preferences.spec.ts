import { type Browser, type Page } from "@playwright/test";
import { MASTER, signInAsDemo } from "./support/auth";
import { joinByInvitation, signInAsDemoPerson, signInWithPassword } from "./support/people";
import { PORT, SECOND_CONSOLE_PORT } from "./support/ports";
import { withConsoleStore } from "./support/store";
import { expect, test, uniqueName } from "./support/test";

// Language, formats and time zone per person (issue 40): apart from each other, kept with the
// person on every browser and instance, and with the browser for a key's session.
const FIRST = `http://127.0.0.1:${PORT}`;
const SECOND = `http://127.0.0.1:${SECOND_CONSOLE_PORT}`;

async function browserIn(browser: Browser, baseURL: string, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, timezoneId, locale: "en-GB" });
  return context.newPage();
}

/** The day `at` falls on in `timeZone`, as the German format writes it. */
const germanDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("de-DE", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);

const preferencesForm = (page: Page) =>
  page.getByRole("form", { name: /^(Language and formats|Sprache und Formate)$/ });

test("a person's formats, time zone and language: apart, and kept wherever they sign in", async ({
  browser,
  page,
}) => {
  // An invitation joined, three browsers, two instances, several sign-ins: about 30 s alone,
  // past 60 once under CI's load (cc10), so it is given what such walks have elsewhere.
  test.setTimeout(120_000);
  await signInAsDemoPerson(page, "Olivia Owner");
  const person = await joinByInvitation(browser, page, {
    email: `${uniqueName("formats", "-")}@northwind.example`,
    name: "Paula Formats",
    role: "viewer",
  });

  const first = await browserIn(browser, FIRST, "Europe/Berlin");
  await signInWithPassword(first, person, person.app);
  await first.goto("/account");
  const form = preferencesForm(first);
  // The browser said its own time zone; nothing is chosen yet.
  await expect(form.getByLabel("Time zone")).toContainText("My browser's (Europe/Berlin)");
  await expect(form.getByLabel("Time zone")).toHaveValue("");
  const started = first.getByTestId("own-session").first().locator("td").nth(3);
  await expect(started).toHaveText(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d$/);

  // German formats and New York's time, the interface still English.
  await form.getByLabel("Numbers, money and dates").selectOption("de-DE");
  await form.getByLabel("Time zone").selectOption("America/New_York");
  const before = new Date();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(first.getByText("Saved. Every page is shown this way from now on.")).toBeVisible();
  await expect(first.locator("html")).toHaveAttribute("lang", "en");
  const lastUse = first.getByTestId("own-session").first().locator("td").nth(4);
  await expect(lastUse).toHaveText(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
  const day = (await lastUse.innerText()).slice(0, 10);
  expect([
    germanDay(before, "America/New_York"),
    germanDay(new Date(), "America/New_York"),
  ]).toContain(day);

  // Then German: the next page, without signing out.
  await form.getByLabel("Language", { exact: true }).selectOption("de");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(first.getByRole("heading", { level: 1, name: "Ihre Anmeldung" })).toBeVisible();
  await expect(first.locator("html")).toHaveAttribute("lang", "de");
  await expect(preferencesForm(first).getByLabel("Zeitzone")).toHaveValue("America/New_York");

  // Another browser, on the second instance, with nothing chosen in it: the person's choices.
  const second = await browserIn(browser, SECOND, "Asia/Tokyo");
  // Signed in, the overview greets the person in German, not as the helper expects.
  await signInWithPassword(second, person, person.app, { refused: true });
  await expect(second).not.toHaveURL(/\/sign-in/);
  await second.goto("/account");
  await expect(second.locator("html")).toHaveAttribute("lang", "de");
  await expect(second.getByRole("heading", { level: 1, name: "Ihre Anmeldung" })).toBeVisible();
  await expect(second.getByTestId("own-session").first().locator("td").nth(4)).toHaveText(
    /^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/,
  );

  // Signed out, the first browser's sign-in page still speaks German.
  await first.context().clearCookies({ name: "__Host-console_session" });
  await first.goto("/sign-in");
  await expect(
    first.getByRole("heading", { level: 1, name: "An der Service-Konsole anmelden" }),
  ).toBeVisible();

  // Back to following the browser: English and its formats again, on the next page.
  const secondForm = preferencesForm(second);
  await secondForm.getByLabel("Sprache", { exact: true }).selectOption("");
  await secondForm.getByLabel("Zahlen, Beträge und Daten").selectOption("");
  await secondForm.getByRole("button", { name: "Speichern" }).click();
  await expect(second.getByRole("heading", { level: 1, name: "Your sign-in" })).toBeVisible();
  await expect(second.getByTestId("own-session").first().locator("td").nth(4)).toHaveText(
    /^\d\d\/\d\d\/\d{4}, \d\d:\d\d$/,
  );
});

test("a key's session keeps its choices in its browser only", async ({ browser, page }) => {
  await signInAsDemo(page, MASTER);
  await page.goto("/account");
  const form = preferencesForm(page);
  await expect(page.getByText("Kept in this browser")).toBeVisible();
  await form.getByLabel("Numbers, money and dates").selectOption("en-US");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved. Every page is shown this way from now on.")).toBeVisible();
  await expect(form.getByLabel("Numbers, money and dates")).toHaveValue("en-US");

  // The same key in another browser: nothing chosen there.
  const other = await browserIn(browser, FIRST, "UTC");
  await signInAsDemo(other, MASTER);
  await other.goto("/account");
  await expect(preferencesForm(other).getByLabel("Numbers, money and dates")).toHaveValue("");
});

test("every page writes in the chosen format and time zone; a UTC day stays its day", async ({
  browser,
}) => {
  // Just after midnight UTC it is still the day before in New York: a billing period that
  // starts on the 1st would show the last day of the month before if its day moved.
  const page = await browserIn(browser, FIRST, "America/New_York");
  await signInAsDemo(page, MASTER);
  await page.goto("/account");
  const form = preferencesForm(page);
  await form.getByLabel("Numbers, money and dates").selectOption("de-DE");
  await form.getByLabel("Time zone").selectOption("America/New_York");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved. Every page is shown this way from now on.")).toBeVisible();

  await page.goto("/usage");
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  const period = page.getByText(
    new RegExp(`^Period 01\\.${month}\\.${now.getUTCFullYear()} to \\d\\d\\.`),
  );
  await expect(period).toBeVisible();
  // Money in the German format, with the interface still English.
  await expect(period).toContainText(/credit balance -?[\d.]+,\d\d\s€/);

  // A moment: an entry at 03:30 UTC on 1 December 2020 is 22:30 on 30 November in New York
  // (EST, UTC-5). Made again on a retry, so the day holds exactly one.
  await withConsoleStore(async (c) => {
    await c.query(
      "DELETE FROM console_audit_log WHERE client_id = 'cl_demo_northwind' AND target = 'formats'",
    );
    await c.query(
      `INSERT INTO console_audit_log (client_id, organization_id, operation_id, target, outcome, created_at)
       SELECT 'cl_demo_northwind', o.id, 'createVinRedirectSession', 'formats', 'success',
              timestamptz '2020-12-01T03:30:00Z'
       FROM console_organizations o WHERE o.client_id = 'cl_demo_northwind'`,
    );
  });
  await page.goto("/audit?from=2020-12-01&to=2020-12-01");
  await expect(page.getByTestId("audit-row")).toHaveCount(1);
  await expect(page.getByTestId("audit-row").getByRole("link")).toHaveText("30.11.2020, 22:30");
});
