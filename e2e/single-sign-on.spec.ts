import { type Page } from "@playwright/test";
import { type AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import { expect, test } from "./support/test";
import { PORT } from "./support/ports";
import { signInAsDemoPerson } from "./support/people";

/**
 * Single sign-on against a real OpenID provider started by the test (the maintained
 * `oidc-provider`, with its development sign-in pages): whoever signs in there as an address is
 * that address, verified.
 */
let server: Server;
let issuer = "";
const CLIENT = { id: "vpmi-console", secret: "a-client-secret-for-the-browser-tests" };

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.beforeAll(async () => {
  const { default: Provider } = await import("oidc-provider");
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`http://127.0.0.1:${PORT}/sso/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    pkce: { required: () => true },
    claims: { email: ["email", "email_verified"], profile: ["name"] },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub, email_verified: true, name: "Sam Single" }),
    }),
  });
  server = provider.listen(port, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

/** Signs in at the provider's own page as an address, and consents. */
async function atTheProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password will do here");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test.describe.serial("single sign-on", () => {
  test("an admin names the organization's identity provider; a wrong issuer is refused", async ({
    page,
  }) => {
    await signInAsDemoPerson(page, "Olivia Owner");
    await page.goto("/organization");
    const form = page.getByRole("form", { name: "Single sign-on" });
    await form.getByLabel("Issuer").fill("http://127.0.0.1:9/nothing-here");
    await form.getByLabel("Client id").fill(CLIENT.id);
    await form.getByLabel("Client secret").fill(CLIENT.secret);
    await form.getByLabel("Email domain").fill("sso.example");
    await form.getByLabel("Role of people who join this way").selectOption("operator");
    await form.getByRole("button", { name: "Check and turn on" }).click();
    await expect(form.getByLabel("Issuer")).toHaveAccessibleDescription(/could not be reached/);
    await form.getByLabel("Issuer").fill(issuer);
    await form.getByLabel("Client secret").fill(CLIENT.secret);
    await form.getByRole("button", { name: "Check and turn on" }).click();
    await expect(page.getByTestId("single-sign-on-state")).toContainText("sso.example");
  });

  test("a person of the domain signs in through the provider and joins with the default role", async ({
    page,
  }) => {
    await page.goto("/sign-in");
    const form = page.getByRole("form", { name: "Sign in with single sign-on" });
    await form.getByLabel("Work email address").fill("nobody@elsewhere.example");
    await form.getByRole("button", { name: "Continue with single sign-on" }).click();
    await expect(form.getByText("No single sign-on for this domain.")).toBeVisible();
    await form.getByLabel("Work email address").fill("sam@sso.example");
    await form.getByRole("button", { name: "Continue with single sign-on" }).click();
    await expect(page).toHaveURL(new RegExp(`^${issuer}`));
    await atTheProvider(page, "sam@sso.example");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.getByTestId("signed-in-person")).toContainText("Sam Single, operator");
    await expect(page.getByTestId("signed-in-client")).toContainText("Northwind");
    // The callback's code and state are gone from the address.
    expect(page.url()).toBe(`http://127.0.0.1:${PORT}/`);
  });

  test("an address outside the organization's domain is refused, whatever the provider says", async ({
    page,
  }) => {
    await page.goto("/sign-in");
    const form = page.getByRole("form", { name: "Sign in with single sign-on" });
    await form.getByLabel("Work email address").fill("sam@sso.example");
    await form.getByRole("button", { name: "Continue with single sign-on" }).click();
    await expect(page).toHaveURL(new RegExp(`^${issuer}`));
    await atTheProvider(page, "eve@elsewhere.example");
    await expect(page).toHaveURL(/\/sign-in\?reason=sso-domain/);
    await expect(page.getByText("not of the domain")).toBeVisible();
    // A callback replayed with a used or made-up state is refused too.
    await page.goto("/sso/callback?code=x&state=not-a-state");
    await expect(page).toHaveURL(/\/sign-in\?reason=sso-expired/);
  });
});
