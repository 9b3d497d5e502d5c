import { expect, test } from "./support/test";
import { DEALER, signInAsDemo, signOut } from "./support/auth";
import { SANDBOX_ONLY_PORT } from "./support/ports";
import {
  confirmIfAsked,
  demoAuthenticator,
  signInAsDemoPerson,
  virtualAuthenticator,
} from "./support/people";

/**
 * A newcomer's passkeys on the console as `npm start` starts it: this console keeps the public
 * address the launcher prints (`http://localhost:PORT` for a loopback HOST). A browser refuses
 * every passkey at 127.0.0.1, so a page there links to itself at localhost instead of offering a
 * ceremony that must fail; at localhost passkeys work, and so does the VIN flow's return.
 */
const AT_IP = `http://127.0.0.1:${SANDBOX_ONLY_PORT}`;
const AT_NAME = `http://localhost:${SANDBOX_ONLY_PORT}`;

test.describe("at 127.0.0.1", () => {
  test.use({ baseURL: AT_IP });

  test("no passkey is offered; each page says where passkeys work, with a link", async ({
    page,
  }) => {
    await virtualAuthenticator(page);
    await page.goto("/sign-in");
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
    await expect(
      page.getByTestId("passkey-elsewhere").getByRole("link", { name: `${AT_NAME}/sign-in` }),
    ).toBeVisible();

    await signInAsDemoPerson(page, "Bea Billing");
    await page.goto("/account");
    await expect(page.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
    await expect(page.getByText("This browser could not use a passkey here.")).toHaveCount(0);
    await page
      .getByTestId("passkey-elsewhere")
      .getByRole("link", { name: `${AT_NAME}/account` })
      .click();
    // The other address is another site to the browser: the person signs in there once.
    await expect(page).toHaveURL(`${AT_NAME}/sign-in`);
  });
});

test.describe("at localhost, the address npm start prints", () => {
  test.use({ baseURL: AT_NAME });

  test("a person adds a passkey and signs in with it; a dealer's VIN flow returns here", async ({
    page,
  }) => {
    const authenticator = await virtualAuthenticator(page);
    await signInAsDemoPerson(page, "Bea Billing");
    await page.goto("/account");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    // Adding a way in asks a one-click session to confirm first, with the code it has.
    await confirmIfAsked(
      page,
      demoAuthenticator("master-admin", "northwind-billing", ".data/e2e-sandbox-only"),
    );
    await expect(page.getByTestId("passkey-row")).toHaveCount(1);
    expect(await authenticator.credentials()).toHaveLength(1);
    await signOut(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByTestId("signed-in-person")).toContainText("Bea Billing");
    await page.goto("/account");
    await page.getByRole("button", { name: /Remove the passkey/ }).click();
    await expect(page.getByTestId("passkey-row")).toHaveCount(0);
    await signOut(page);

    // The VIN flow's return address is the public one: back at localhost, in this session.
    await signInAsDemo(page, DEALER);
    await page.goto("/vin");
    await page.getByLabel("VIN", { exact: true }).fill("WVWZZZ1KZ8W000001");
    await page.getByRole("button", { name: "Identify the vehicle" }).click();
    await page.getByRole("button", { name: "Confirm vehicle" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Identified vehicle" })).toBeVisible();
    expect(page.url().startsWith(`${AT_NAME}/vin/flows/`)).toBe(true);
  });
});
