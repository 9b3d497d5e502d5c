import { chooseLanguage, expectNoEnglish } from "./support/languages";
import { expect, test } from "./support/test";

// The browser's languages decide until it chooses one. German is not offered from them until its
// file covers every page (OFFERED_LANGUAGES); chosen through the cookie, it is shown.
test.describe("languages", () => {
  test.use({ locale: "de-DE" });

  test("a German browser is given English while German is not offered", async ({ page }) => {
    await page.goto("/sign-in");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveTitle("Sign in · Service console");
  });

  test("German chosen: the sign-in page in German, lang and title included", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseLanguage(context, baseURL, "de");
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
    await expectNoEnglish(page);
  });

  test("German chosen: the sign-in forms' field errors in German, in the browser and from the server", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseLanguage(context, baseURL, "de");
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "Mit dem Schlüssel anmelden", exact: true }).click();
    await expect(page.getByText("Fügen Sie einen API-Schlüssel ein.")).toBeVisible();
    await page.getByText("Stattdessen mit Passwort und Code anmelden").click();
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await expect(page.getByText("Geben Sie Ihre E-Mail-Adresse ein.")).toBeVisible();
    await expect(page.getByText("Geben Sie Ihr Passwort ein.")).toBeVisible();
    await expect(
      page.getByText("Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein."),
    ).toBeVisible();
    await expectNoEnglish(page);
  });

  test("a cookie that names no language of the console's is not taken", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "console_language", value: "xx", url: baseURL! }]);
    await page.goto("/sign-in");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(
      page.getByRole("heading", { level: 1, name: "Sign in to the service console" }),
    ).toBeVisible();
  });
});
