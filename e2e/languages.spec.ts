import { expect, test } from "./support/test";

// The browser's languages decide until it chooses one (issue 40; the rest of the console follows).
test.describe("languages", () => {
  test.use({ locale: "de-DE" });

  test("a German browser gets the sign-in page in German, lang and title included", async ({
    page,
  }) => {
    await page.goto("/sign-in");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page).toHaveTitle("Anmelden · Service-Konsole");
    await expect(
      page.getByRole("heading", { level: 1, name: "An der Service-Konsole anmelden" }),
    ).toBeVisible();
    await expect(page.getByText("Stattdessen mit Passwort und Code anmelden")).toBeVisible();
    await expect(page.getByLabel("API-Schlüssel")).toBeVisible();
    await expect(page.getByRole("link", { name: "Zum Inhalt springen" })).toBeAttached();
    await page.goto("/sign-in?reason=expired");
    await expect(page.getByText("Ihre Sitzung ist abgelaufen.")).toBeVisible();
  });

  test("the browser's own choice, kept in its cookie, outranks what it asks for", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "console_language", value: "en", url: baseURL! }]);
    await page.goto("/sign-in");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(
      page.getByRole("heading", { level: 1, name: "Sign in to the service console" }),
    ).toBeVisible();
    // A value that is no language of the console's is not taken.
    await context.addCookies([{ name: "console_language", value: "xx", url: baseURL! }]);
    await page.goto("/sign-in");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });
});
