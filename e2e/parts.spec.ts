import { BILLED, expect, test } from "./support/test";
import { MASTER, signedInAs } from "./support/auth";
import { limitedKey, signInWithKey } from "./support/limited-key";

test.describe("the OE parts desk", () => {
  signedInAs(test, MASTER);

  test("normalises a number and reads its base part, each with a receipt", async ({ page }) => {
    await page.getByRole("link", { name: "Parts (OE)" }).click();
    await page.getByLabel("OE number", { exact: true }).fill("1K0 615 301 AA");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByTestId("normalization")).toContainText("matched");
    await expect(page.getByTestId("normalization")).toContainText("1K0615301AA");
    const base = page.getByTestId("base-part");
    await expect(base).toContainText("Brake disc");
    await expect(base.getByTestId("replacement-chain")).toHaveText(
      "Replacement chain: 1K0615301AA → 5Q0615301F",
    );
    await expect(base.getByRole("table", { name: "References by manufacturer" })).toContainText(
      "BREMBO",
    );
    const receipts = page.getByTestId("receipt");
    await expect(receipts).toHaveCount(2);
    await expect(receipts.nth(1)).toContainText(BILLED);
    await expect(page).toHaveURL(/oe=1K0\+615\+301\+AA/);
    // A refused billable call says what became of its charge, never "not billable".
    await page.goto("/parts?oe=ZZZ99999");
    const refused = page.getByTestId("receipt").nth(1);
    await expect(refused).toContainText(
      "Refused (HTTP 404) after it was charged: the charge was refunded automatically.",
    );
    await expect(page.getByTestId("receipt").first()).toContainText(BILLED);
  });

  test("shows 422 ambiguous and 404 as the documented outcomes they are", async ({ page }) => {
    await page.goto("/parts?oe=7700+500+168");
    await expect(page.getByTestId("normalization")).toContainText("ambiguous");
    // The candidates carry their manufacturers, and the base part names them to choose from.
    await expect(page.getByTestId("known-candidates")).toContainText("(Renault)");
    await expect(page.getByTestId("known-candidates")).toContainText("(Nissan)");
    await expect(
      page.getByText("Several manufacturers use this number. Choose the manufacturer"),
    ).toBeVisible();
    const choice = page.getByRole("navigation", { name: "Choose the manufacturer" });
    await expect(choice).toContainText("used by Renault and Nissan");
    await expect(page.getByLabel("OE number", { exact: true })).toHaveValue("7700 500 168");
    await choice.getByRole("link", { name: "Renault" }).click();
    await expect(page.getByTestId("base-part")).toContainText("Timing belt kit");
    await expect(page.getByLabel("Manufacturer (optional)")).toHaveValue("RENAULT");
    const tooLong = "A".repeat(70);
    await page.goto(`/parts?oe=${tooLong}`);
    await expect(page.getByText("must be at most 64 characters").first()).toBeVisible();
    await expect(page.getByLabel("OE number", { exact: true })).toHaveValue(tooLong);
    await page.goto("/parts?oe=ZZZ99999");
    await expect(page.getByTestId("normalization")).toContainText("unresolved");
    await expect(page.getByText("(oe_part_not_found)")).toBeVisible();
  });
});

test.describe("the OE parts desk: further reads", () => {
  signedInAs(test, MASTER);

  test("pages aftermarket references on the service with the total count", async ({ page }) => {
    await page.goto("/parts?oe=1K0615301AA");
    await page.getByRole("button", { name: "Aftermarket references" }).click();
    const refs = page.getByTestId("aftermarket-references");
    await expect(refs).toContainText("37 references for 1K0615301AA, 1–25 shown");
    await expect(refs.getByRole("table", { name: "References on this page" })).toBeVisible();
    await expect(refs.getByRole("row")).toHaveCount(26);
    await refs.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(refs).toContainText("26–37 shown");
    await expect(refs.getByRole("row")).toHaveCount(13);
    await expect(page.getByTestId("receipt")).toContainText(BILLED);
    // The printed form is used as sent: an empty list is a success, not an error; the lookup's
    // normalised number is one click away.
    await page.goto("/parts?oe=1K0+615+301+AA");
    await expect(page.getByTestId("normalization")).toContainText("1K0615301AA");
    await page.getByRole("button", { name: "Aftermarket references" }).click();
    await expect(refs).toContainText("0 references for 1K0 615 301 AA");
    await page
      .getByRole("link", { name: "Read the references for 1K0615301AA, the normalised number" })
      .click();
    await expect(refs).toContainText("37 references for 1K0615301AA");
    // Reached without a lookup, the page offers the normalisation first.
    await page.goto("/parts?oe=1K0+615+301+AA&view=references");
    await page.getByRole("link", { name: "Normalise 1K0 615 301 AA first" }).click();
    await expect(page.getByTestId("normalization")).toContainText("1K0615301AA");
  });

  test("evaluates a price; a bad currency is refused next to its field", async ({ page }) => {
    await page.goto("/parts?oe=1K0+615+301+AA");
    const form = page.getByRole("form", { name: "Evaluate the price" });
    await form.getByLabel("Condition").selectOption("new");
    await form.getByLabel("Currency").fill("EURO");
    await form.getByRole("button", { name: "Evaluate price" }).click();
    await expect(form.getByLabel("Currency")).toHaveValue("EURO");
    await expect(form.getByLabel("Currency")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByRole("alert")).toBeVisible();
    await form.getByLabel("Currency").fill("EUR");
    await form.getByRole("button", { name: "Evaluate price" }).click();
    const price = page.getByTestId("price-evaluation");
    await expect(price).toContainText("Recommendation (new)");
    await expect(price.getByRole("table", { name: "Ranges by condition" })).toContainText("Used");
    await expect(page.getByText("not a binding price statement")).toBeVisible();
    await expect(page.getByTestId("receipt")).toContainText(BILLED);
  });

  test("previews a marketplace article with each field against its limit", async ({ page }) => {
    await page.goto("/parts?oe=1K0+615+301+AA");
    const form = page.getByRole("form", { name: "Preview a marketplace article" });
    await form.getByLabel("Marketplace").selectOption("MARKET_GB");
    await form.getByLabel("Language").selectOption("en");
    await form.getByRole("button", { name: "Preview article" }).click();
    const article = page.getByTestId("marketplace-article");
    await expect(article).toContainText("MARKET_GB · en · car");
    await expect(article).toContainText(/Meta title.*\/60 characters/);
    await expect(article).toContainText(/\/160 characters/);
    await expect(article.getByRole("table", { name: "Item specifics" })).toContainText("Brand");
    const live = page.getByTestId("live-availability");
    await expect(live).toContainText("Live enrichment is paused");
    await expect(live).toContainText("answers come from content prepared earlier");
    await expect(live).toContainText("The article above was prepared earlier");
    await expect(form.getByLabel("Marketplace")).toHaveValue("MARKET_GB");

    await form.getByLabel("Vehicle type").selectOption("motorcycle");
    await form.getByRole("button", { name: "Preview article" }).click();
    await expect(page.getByText("(seo_no_exact_match)")).toBeVisible();
    await expect(page.getByTestId("refusal-echo")).toContainText("vehicleType motorcycle");

    await page.goto("/parts?oe=SEOPAUSED1&view=article");
    await expect(page.getByText("(seo_live_requests_paused)")).toBeVisible();
    // No article came: the page never speaks of "the article above".
    await expect(live).toContainText("It is expected back at");
    await expect(live).toContainText("No article can be shown until then.");
    await expect(live).not.toContainText("article above");
    await expect(live.locator("[data-code-small-print]")).toHaveText("(live_enrichment_paused)");
  });
});

test.describe("an endpoint outside the Client's allowlist", () => {
  test("is explained, not shown as an error page", async ({ page }) => {
    await signInWithKey(page, await limitedKey(["translation"]));
    await page.goto("/parts?oe=1K0+615+301+AA");
    await expect(page.getByRole("heading", { level: 1, name: "Parts (OE)" })).toBeVisible();
    await expect(page.getByText("Endpoint not enabled").first()).toBeVisible();
    await expect(page.getByText("parts_oe", { exact: true })).toBeVisible();
  });
});
