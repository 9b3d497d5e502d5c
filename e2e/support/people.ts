import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Browser, type Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { demoPersonTotpSecret } from "@/lib/demo/demo-credentials";
import { expect, waitForHydration } from "./test";
import { demoKeys } from "./demo";

/**
 * The last time step each secret's code was taken for, kept for the whole run (in the run's data
 * directory, so a restarted worker or another test file holding the same person's authenticator
 * never offers a step the console has taken already).
 */
const STEPS_FILE = path.resolve(".data/e2e/authenticator-steps.json");
const lastSteps = (): Record<string, number> => {
  try {
    return JSON.parse(readFileSync(STEPS_FILE, "utf8")) as Record<string, number>;
  } catch {
    return {};
  }
};

/**
 * An authenticator app, as a test holds one: codes from a secret, each time step used once (the
 * console accepts each step once), taking the next step's code when this one was used.
 */
export class Authenticator {
  /** `untracked`: for an address without an account, whose codes nobody checks. */
  constructor(
    readonly secret: string,
    private readonly untracked = false,
  ) {}

  /** A code not used before: the next step's when this one's was (the console takes one step ahead), or after waiting for it. */
  async code(): Promise<string> {
    const secret = this.secret.replace(/\s+/g, "");
    let now = Math.floor(Date.now() / 30_000);
    const step = this.untracked ? now : Math.max(now, (lastSteps()[secret] ?? -1) + 1);
    while (step > now + 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      now = Math.floor(Date.now() / 30_000);
    }
    if (!this.untracked)
      writeFileSync(STEPS_FILE, JSON.stringify({ ...lastSteps(), [secret]: step }));
    return new TOTP({ secret }).generate({ timestamp: step * 30_000 });
  }
}

/**
 * The authenticator of a demo person (their secret is derived from their account's key, so from
 * the data directory of the console whose embedded service seeded it).
 */
export function demoAuthenticator(
  account: "master-admin" | "dealer",
  personKey: string,
  dataDir?: string,
) {
  return new Authenticator(demoPersonTotpSecret(demoKeys(dataDir)[account].apiKey, personKey));
}

/** Signs in with one click as a demo person, by their name. */
/**
 * A page of a new context is not the fixture's, whose goto waits for hydration: a click on a
 * summary before the page's streamed part is swapped in and hydrated is undone by the swap.
 */
const hydrated = (page: Page) => waitForHydration(page, new URL(page.url()).origin);

export async function signInAsDemoPerson(page: Page, name: string) {
  await page.goto("/sign-in");
  await hydrated(page);
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
  await hydrated(page);
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

/** Answers the console's "Confirm it is you" with a code, when it asks within a moment. */
export async function confirmIfAsked(page: Page, authenticator: Authenticator) {
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  const asked = await dialog
    .waitFor({ state: "visible", timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  if (!asked) return;
  await dialog.getByLabel("Code from your authenticator app").fill(await authenticator.code());
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Someone new joins an organization from an invitation with a password and an authenticator
 * app: `inviter` (signed in, allowed to invite) makes the link; the person accepts it in a
 * browser of their own. Returns their sign-in.
 */
export async function joinByInvitation(
  browser: Browser,
  inviter: Page,
  person: { email: string; name: string; role: string },
  /** The inviter's authenticator, for an invitation that asks them to confirm (an admin's). */
  inviterApp?: Authenticator,
): Promise<{ email: string; password: string; app: Authenticator }> {
  await inviter.goto("/organization");
  const invite = inviter.getByRole("form", { name: "Invite someone" });
  await invite.getByLabel("Email address").fill(person.email);
  await invite.getByLabel("Role").selectOption(person.role);
  await invite.getByRole("button", { name: "Invite" }).click();
  if (inviterApp) await confirmIfAsked(inviter, inviterApp);
  const link = (await inviter.getByTestId("invitation-link").innerText()).trim();
  const context = await browser.newContext({ baseURL: new URL(link).origin });
  const page = await context.newPage();
  await page.goto(link);
  await hydrated(page);
  await page.getByText("Join with a password and an authenticator app instead").click();
  const form = page.getByRole("form", { name: "Create your sign-in" });
  const password = "copper kettle under winter stars";
  await form.getByLabel("Your name").fill(person.name);
  await form.getByLabel("A password").fill(password);
  const app = await setUpAuthenticator(page);
  await form.getByLabel("Code from your authenticator app").fill(await app.code());
  await form.getByRole("button", { name: "Create my sign-in and join" }).click();
  await expect(page.getByTestId("signed-in-person")).toContainText(person.name);
  await context.close();
  return { email: person.email, password, app };
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
