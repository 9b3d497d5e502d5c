import { type Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { demoPersonTotpSecret } from "@/lib/demo/demo-credentials";
import { expect } from "./test";
import { demoKeys } from "./demo";

/**
 * An authenticator app, as a test holds one: codes from a secret, each time step used once (the
 * console accepts each step once), taking the next step's code when this one was used.
 */
export class Authenticator {
  private lastStep = -1;
  constructor(readonly secret: string) {}

  /** A code not used before: the next step's when this one's was (the console takes one step ahead), or after waiting for it. */
  async code(): Promise<string> {
    let now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now, this.lastStep + 1);
    while (step > now + 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      now = Math.floor(Date.now() / 30_000);
    }
    this.lastStep = step;
    return new TOTP({ secret: this.secret.replace(/\s+/g, "") }).generate({
      timestamp: step * 30_000,
    });
  }
}

/** The authenticator of a demo person (their secret is derived from their account's key). */
export function demoAuthenticator(account: "master-admin" | "dealer", personKey: string) {
  return new Authenticator(demoPersonTotpSecret(demoKeys()[account].apiKey, personKey));
}

/** Signs in with one click as a demo person, by their name. */
export async function signInAsDemoPerson(page: Page, name: string) {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: `Sign in as ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByTestId("signed-in-person")).toContainText(name);
}

/** A person's sign-in with address, password and a code; it waits for the overview unless told it is refused. */
export async function signInWithPassword(
  page: Page,
  person: { email: string; password: string },
  authenticator: Authenticator,
  { refused = false } = {},
) {
  await page.goto("/sign-in");
  await page.getByText("Sign in with a password and a code instead").click();
  const form = page.getByRole("form", { name: "Sign in as yourself" });
  await form.getByLabel("Email address").fill(person.email);
  await form.getByLabel("Password").fill(person.password);
  await form.getByLabel("Code from your authenticator app").fill(await authenticator.code());
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
  if (!refused)
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
}

/** The set-up key a page shows, read as an authenticator app would take it. */
export async function setUpAuthenticator(page: Page): Promise<Authenticator> {
  const shown = await page.getByTestId("totp-secret").innerText();
  return new Authenticator(shown.replace(/\s+/g, ""));
}

/** Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain): a device with a passkey store and user verification. */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    async credentials() {
      return (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
    },
  };
}
