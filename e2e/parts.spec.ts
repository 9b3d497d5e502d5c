import { expect, test } from "./support/test";
import { MASTER, signedInAs } from "./support/auth";

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
    await expect(receipts.nth(1)).toContainText("billed by");
    await expect(page).toHaveURL(/oe=1K0\+615\+301\+AA/);
  });

  test("shows 422 ambiguous and 404 as the documented outcomes they are", async ({ page }) => {
    await page.goto("/parts?oe=7700+500+168");
    await expect(page.getByTestId("normalization")).toContainText("ambiguous");
    await expect(
      page.getByText("Several manufacturers use this number. Enter the manufacturer."),
    ).toBeVisible();
    await expect(page.getByLabel("OE number", { exact: true })).toHaveValue("7700 500 168");
    await page.getByLabel("Manufacturer (optional)").fill("RENAULT");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByTestId("base-part")).toContainText("Timing belt kit");
    const tooLong = "A".repeat(70);
    await page.goto(`/parts?oe=${tooLong}`);
    await expect(page.getByText("must be at most 64 characters").first()).toBeVisible();
    await expect(page.getByLabel("OE number", { exact: true })).toHaveValue(tooLong);
    await page.goto("/parts?oe=ZZZ99999");
    await expect(page.getByTestId("normalization")).toContainText("unresolved");
    await expect(page.getByText("(oe_part_not_found)")).toBeVisible();
  });
});
