import { expect, test } from "./support/test";
import { DEALER, MASTER, signInAsDemo } from "./support/auth";
import { demoKeys, HTTPS_CONSOLE_URL } from "./support/demo";

const VIN = "WVWZZZ1KZ8W000001";

test.describe("a dealer on the quickstart", () => {
  test("the dealer persona completes the guided VIN flow on the plain-http default", async ({
    page,
  }) => {
    await signInAsDemo(page, DEALER);
    await page.goto("/vin");
    await page.getByLabel("VIN", { exact: true }).fill(VIN);
    const start = page.getByRole("button", { name: "Identify the vehicle" });
    await expect(start).toBeEnabled();
    await start.click();
    await expect(page.getByRole("heading", { name: "Confirm the vehicle" })).toBeVisible();
    await page.getByRole("button", { name: "Confirm vehicle" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Identified vehicle" })).toBeVisible();
    await expect(page.getByTestId("technical-record")).toContainText("Volkswagen");
  });

  test("a production key on plain http is told how to enable the flow", async ({ page }) => {
    await signInAsDemo(page, MASTER);
    await page.goto("/vin");
    await expect(page.getByRole("button", { name: "Identify the vehicle" })).toBeDisabled();
    await expect(page.getByText("CONSOLE_HTTPS=1")).toBeVisible();
  });
});

test.describe("the console on HTTPS (CONSOLE_HTTPS=1)", () => {
  test.use({ baseURL: HTTPS_CONSOLE_URL, ignoreHTTPSErrors: true });

  test("a production key completes the guided flow and returns to the https address", async ({
    page,
  }) => {
    await page.goto("/sign-in");
    await page.getByLabel("API key").fill(demoKeys()["master-admin"].apiKey);
    await page.getByRole("button", { name: "Sign in with the key", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await page.goto("/vin");
    await page.getByLabel("VIN", { exact: true }).fill(VIN);
    await page.getByRole("button", { name: "Identify the vehicle" }).click();
    await expect(page.getByRole("heading", { name: "Confirm the vehicle" })).toBeVisible();
    await page.getByRole("button", { name: "Confirm vehicle" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Identified vehicle" })).toBeVisible();
    expect(page.url().startsWith(`${HTTPS_CONSOLE_URL}/vin/flows/`)).toBe(true);
    await expect(page.getByTestId("technical-record")).toContainText("Volkswagen");
  });
});
