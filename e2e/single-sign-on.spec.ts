import { type Browser, type Page } from "@playwright/test";
import { type AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import { expect, test, uniqueName, waitForHydration } from "./support/test";
import { DEALER, SANDBOX, signInAsDemo, signOut } from "./support/auth";
import { TestDnsServer } from "./support/dns-server";
import { DNS_PORT, PORT, SANDBOX_ONLY_PORT, SECOND_CONSOLE_PORT } from "./support/ports";
import {
  type Authenticator,
  confirmIfAsked,
  demoAuthenticator,
  joinByInvitation,
  setUpAuthenticator,
  signInAsDemoPerson,
  signInWithPassword,
} from "./support/people";
import { withConsoleStore } from "./support/store";

/**
 * Single sign-on against real OpenID providers started by the test (the maintained
 * `oidc-provider`, with its development sign-in pages: whoever signs in there as an address is
 * that address, verified), and a DNS server on loopback that carries the domains' records.
 * Northwind's provider is its own; the second is an attacker's, configured by another Client's
 * key holder.
 */
const CLIENT = { id: "vpmi-console", secret: "a-client-secret-for-the-browser-tests" };
const ATTACKER_CLIENT = { id: "dealer-console", secret: "the-dealer-key-holder-chose-this" };
const DOMAIN = "northwind.example";
const dns = new TestDnsServer();
const servers: Server[] = [];
let issuer = "";
let attackerIssuer = "";

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** An OpenID provider on loopback whose one client redirects to both console instances. */
async function startProvider(client: { id: string; secret: string }): Promise<string> {
  const { default: Provider } = await import("oidc-provider");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const provider = new Provider(url, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [PORT, SECOND_CONSOLE_PORT].map((p) => `http://127.0.0.1:${p}/sso/callback`),
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
  const server = provider.listen(port, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  return url;
}

test.beforeAll(async () => {
  await dns.listen(DNS_PORT);
  issuer = await startProvider(CLIENT);
  attackerIssuer = await startProvider(ATTACKER_CLIENT);
});

test.afterAll(async () => {
  await dns.close();
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

/** Signs in at the provider's own page as an address, and consents. */
async function atTheProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password will do here");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** Starts single sign-on on the sign-in page with an address, and waits for the provider's page. */
async function startSignOn(page: Page, email: string, provider = issuer) {
  await page.goto("/sign-in");
  const form = page.getByRole("form", { name: "Sign in with single sign-on" });
  await form.getByLabel("Work email address").fill(email);
  await form.getByRole("button", { name: "Continue with single sign-on" }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider}`));
}

/** Claims a domain on the organization page and checks its DNS record (confirming if asked). */
async function claimAndCheck(page: Page, domain: string, app?: Authenticator) {
  await page.goto("/organization");
  const claim = page.getByRole("form", { name: "Claim a domain" });
  await claim.getByLabel("Email domain").fill(domain);
  await claim.getByRole("button", { name: "Claim" }).click();
  const row = page.getByTestId("sso-domain-row").filter({ hasText: domain });
  await expect(row).toBeVisible();
  const record = (await row.getByTestId("sso-domain-record").innerText()).trim();
  await row.getByRole("button", { name: `Check the DNS record of ${domain}` }).click();
  if (app) await confirmIfAsked(page, app);
  return { row, record };
}

/** Names an organization's identity provider on its page. */
async function nameProvider(page: Page, url: string, client: { id: string; secret: string }) {
  const form = page.getByRole("form", { name: "Single sign-on" });
  await form.getByLabel("Issuer").fill(url);
  await form.getByLabel("Client id").fill(client.id);
  await form.getByLabel("Client secret").fill(client.secret);
  await form.getByLabel("Role of people who join this way").selectOption("operator");
  await form.getByRole("button", { name: /Check and turn on|Save and check/ }).click();
}

const olivia = () => demoAuthenticator("master-admin", "northwind-owner");

/**
 * The request that begins adding a passkey, as a browser at the address passkeys work at sends
 * it (a demo person's, held back for a confirmation): to send again with another session.
 */
async function addPasskeyRequest(browser: Browser) {
  const context = await browser.newContext({ baseURL: `http://localhost:${PORT}` });
  const page = await context.newPage();
  await signInAsDemoPerson(page, "Oskar Operator");
  await page.goto("/account");
  const posted = page.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  const request = await posted;
  await expect(page.getByRole("dialog", { name: "Confirm it is you" })).toBeVisible();
  const headers = Object.fromEntries(
    Object.entries(await request.allHeaders()).filter(
      ([n]) => !["origin", "content-length", "host", "cookie"].includes(n),
    ),
  );
  const path = new URL(request.url()).pathname;
  await context.close();
  return { url: `http://127.0.0.1:${PORT}${path}`, headers, body: request.postData() ?? "" };
}

test.describe.serial("single sign-on", () => {
  let lena: { email: string; password: string; app: Authenticator };
  let northwindRecord = "";

  test("an owner proves the organization's domain in DNS before its provider vouches for it", async ({
    page,
  }) => {
    const app = olivia();
    await signInAsDemoPerson(page, "Olivia Owner");
    const { row, record } = await claimAndCheck(page, DOMAIN, app);
    // Not published yet: refused, and nothing is verified.
    await expect(page.getByText(/does not carry this organization's record/)).toBeVisible();
    await expect(row).toContainText("Waiting for its DNS record");
    dns.publish(`_vpmi-console.${DOMAIN}`, record);
    northwindRecord = record;
    await row.getByRole("button", { name: `Check the DNS record of ${DOMAIN}` }).click();
    await expect(row).toContainText("Verified");

    const form = page.getByRole("form", { name: "Single sign-on" });
    await nameProvider(page, "http://127.0.0.1:9/nothing-here", CLIENT);
    await expect(form.getByLabel("Issuer")).toHaveAccessibleDescription(/could not be reached/);
    await nameProvider(page, issuer, CLIENT);
    await expect(page.getByTestId("single-sign-on-state")).toContainText(`for people of ${DOMAIN}`);
  });

  test("a new person of the domain signs in through the provider and joins with the default role", async ({
    page,
  }) => {
    await page.goto("/sign-in");
    const form = page.getByRole("form", { name: "Sign in with single sign-on" });
    await form.getByLabel("Work email address").fill("nobody@elsewhere.example");
    await form.getByRole("button", { name: "Continue with single sign-on" }).click();
    await expect(form.getByText("No single sign-on for this domain.")).toBeVisible();
    await startSignOn(page, `sam@${DOMAIN}`);
    await atTheProvider(page, `sam@${DOMAIN}`);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.getByTestId("signed-in-person")).toContainText("Sam Single, operator");
    await expect(page.getByTestId("signed-in-client")).toContainText("Northwind");
    // The callback's code and state are gone from the address.
    expect(page.url()).toBe(`http://127.0.0.1:${PORT}/`);
  });

  test("an address outside the organization's verified domains is refused, whatever the provider says", async ({
    page,
  }) => {
    await startSignOn(page, `sam@${DOMAIN}`);
    await atTheProvider(page, "eve@elsewhere.example");
    await expect(page).toHaveURL(/\/sign-in\?reason=sso-domain/);
    await expect(page.getByText("not of a domain this organization verified")).toBeVisible();
    // A callback with a made-up state, in a browser that began no flow, is refused too.
    await page.goto("/sso/callback?code=x&state=not-a-state");
    await expect(page).toHaveURL(/\/sign-in\?reason=sso-browser/);
  });

  test("a callback link opened in another browser signs nobody in", async ({ page, browser }) => {
    let callback = "";
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/sso/callback") callback = r.url();
    });
    await startSignOn(page, `sam@${DOMAIN}`);
    // The flow's cookie is set aside: this browser comes back without it, like any other would.
    const cookies = await page.context().cookies();
    const flowCookie = cookies.find((c) => c.name === "__Host-console_sso");
    expect(flowCookie?.httpOnly).toBe(true);
    expect(flowCookie?.secure).toBe(true);
    expect(flowCookie?.value).not.toContain("state");
    await page.context().clearCookies({ name: "__Host-console_sso" });
    await atTheProvider(page, `sam@${DOMAIN}`);
    await expect(page).toHaveURL(/\/sign-in\?reason=sso-browser/);
    expect(callback).toContain("state=");

    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await other.goto(callback);
    await expect(other).toHaveURL(/\/sign-in\?reason=sso-browser/);
    expect((await elsewhere.cookies()).map((c) => c.name)).not.toContain("__Host-console_session");
    await elsewhere.close();

    // With its cookie, the browser that began it finishes it, once.
    await page.context().addCookies([flowCookie!]);
    await page.goto(callback);
    await expect(page.getByTestId("signed-in-person")).toContainText("Sam Single");
  });

  test("an address that signs in here already is linked only once its person signs in as themselves", async ({
    page,
    browser,
  }) => {
    // A person invited and made, two confirmations and three trips to the provider: 41 s on a
    // quiet two-core machine, past the default 60 s in CI with linting run beside it.
    test.setTimeout(120_000);
    await signInAsDemoPerson(page, "Olivia Owner");
    lena = await joinByInvitation(browser, page, {
      email: `${uniqueName("lena", "-")}@${DOMAIN}`,
      name: "Lena Linked",
      role: "viewer",
    });
    const theirs = await (await browser.newContext()).newPage();
    await startSignOn(theirs, lena.email);
    await atTheProvider(theirs, lena.email);
    // The provider's word is not enough: nobody is signed in, the person is asked.
    await expect(theirs).toHaveURL(/\/sso\/link$/);
    await expect(theirs.getByTestId("signed-in-person")).toHaveCount(0);
    const form = theirs.getByRole("form", { name: "Confirm with your password" });
    await form.getByLabel("Password").fill("not the password at all");
    await form.getByLabel("Code from your authenticator app").fill(await lena.app.code());
    await form.getByRole("button", { name: "Confirm and link" }).click();
    await expect(theirs.getByText("The password or code is not right.")).toBeVisible();
    await form.getByLabel("Password").fill(lena.password);
    await form.getByLabel("Code from your authenticator app").fill(await lena.app.code());
    await form.getByRole("button", { name: "Confirm and link" }).click();
    await expect(theirs.getByTestId("signed-in-person")).toContainText("Lena Linked, viewer");
    await theirs.context().close();

    // Linked: the provider signs her in from now on, in this organization.
    const next = await (await browser.newContext()).newPage();
    await startSignOn(next, lena.email);
    await atTheProvider(next, lena.email);
    await expect(next.getByTestId("signed-in-person")).toContainText("Lena Linked, viewer");
    await next.context().close();
  });

  test("a sign-on confirms in its own organization only: another needs the person's own factor, and confirms afresh", async ({
    page,
    browser,
  }) => {
    // Lena is an admin of Northwind's sandbox organization too (connected by its key).
    await signInAsDemo(page, SANDBOX);
    await signOut(page);
    await withConsoleStore(async (c) => {
      const { rows } = await c.query<{ id: string }>(
        "SELECT id FROM console_organizations WHERE client_id = (SELECT client_id FROM console_organizations WHERE name LIKE 'Northwind%' AND environment = 'production' LIMIT 1) AND environment = 'sandbox'",
      );
      await c.query(
        "INSERT INTO console_memberships (organization_id, person_id, role) SELECT $1, id, 'admin' FROM console_people WHERE email = $2 ON CONFLICT DO NOTHING",
        [rows[0]!.id, lena.email],
      );
    });
    await startSignOn(page, lena.email);
    await atTheProvider(page, lena.email);
    await expect(page.getByTestId("signed-in-person")).toContainText("Lena Linked, viewer");
    // A passkey would be hers in every organization: the provider's word is not enough to add one.
    const adding = await addPasskeyRequest(browser);
    const asked = await page.request.post(adding.url, {
      headers: { ...adding.headers, origin: new URL(page.url()).origin },
      data: adding.body,
    });
    expect(await asked.text()).toContain("step_up_required");
    await page.goto("/account");
    const other = page.getByRole("button", { name: /^Switch to / });
    await other.click();
    // The provider vouches in Northwind only: her own code first.
    const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Code from your authenticator app").fill(await lena.app.code());
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("signed-in-person")).toContainText("Lena Linked, admin");
    // The confirmation stayed behind: a dangerous action here asks again.
    await page.goto("/sub-users");
    await page.getByRole("button", { name: "New Sub-user" }).click();
    await page.getByLabel("Name", { exact: true }).fill(uniqueName("Not carried"));
    await page.getByRole("button", { name: "Create Sub-user" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Another organization's invitation cannot make a sign-in for an address of this domain:
    // Northwind's single sign-on vouches for those.
    await page.goto("/organization");
    const invite = page.getByRole("form", { name: "Invite someone" });
    await invite.getByLabel("Email address").fill(`${uniqueName("newhire", "-")}@${DOMAIN}`);
    await invite.getByLabel("Role").selectOption("viewer");
    await invite.getByRole("button", { name: "Invite" }).click();
    const link = (await page.getByTestId("invitation-link").innerText()).trim();
    const squatter = await (await browser.newContext()).newPage();
    await squatter.goto(link);
    // A new context's first page: a click before it hydrates opens nothing (cc5 once).
    await waitForHydration(squatter, new URL(link).origin);
    await squatter.getByText("Join with a password and an authenticator app instead").click();
    const join = squatter.getByRole("form", { name: "Create your sign-in" });
    await join.getByLabel("Your name").fill("Not The New Hire");
    await join.getByLabel("A password").fill("copper kettle under winter stars");
    const app = await setUpAuthenticator(squatter);
    await join.getByLabel("Code from your authenticator app").fill(await app.code());
    await join.getByRole("button", { name: "Create my sign-in and join" }).click();
    await expect(squatter.getByText(/sign in first through .* single sign-on/)).toBeVisible();
    await expect(squatter.getByTestId("signed-in-person")).toHaveCount(0);
    await squatter.context().close();
  });

  test("another organization can neither vouch for this domain nor sign its people in", async ({
    page,
    browser,
  }) => {
    // Whoever holds the dealer's key is offered neither single sign-on nor invitations: a key
    // holder's provider or people would outlive key sign-in.
    await signInAsDemo(page, DEALER);
    await page.goto("/organization");
    await expect(page.getByRole("form", { name: "Single sign-on" })).toHaveCount(0);
    await expect(page.getByRole("form", { name: "Invite someone" })).toHaveCount(0);
    await signOut(page);

    // The dealer's own admin (a person of Northwind's domain, as a consultant would be).
    await signInAsDemoPerson(page, "Olivia Owner");
    const mallory = await joinByInvitation(browser, page, {
      email: `${uniqueName("mallory", "-")}@${DOMAIN}`,
      name: "Mallory Dealer",
      role: "viewer",
    });
    await withConsoleStore((c) =>
      c.query(
        "INSERT INTO console_memberships (organization_id, person_id, role) SELECT o.id, p.id, 'admin' FROM console_organizations o, console_people p WHERE o.client_id = 'cl_demo_dealer' AND p.email = $1",
        [mallory.email],
      ),
    );
    await signOut(page);
    await signInWithPassword(page, mallory, mallory.app);
    if (!(await page.getByTestId("signed-in-client").innerText()).includes("Autohaus am Ring")) {
      await page.goto("/account");
      await page.getByRole("button", { name: /^Switch to Autohaus am Ring/ }).click();
    }
    await expect(page.getByTestId("signed-in-person")).toContainText("Mallory Dealer, admin");

    // Northwind's domain: its DNS does not carry the dealer's record.
    const { row, record } = await claimAndCheck(page, DOMAIN, mallory.app);
    await expect(page.getByText(/does not carry this organization's record/)).toBeVisible();
    // Even with the dealer's record published beside Northwind's, the domain stays Northwind's.
    dns.publish(`_vpmi-console.${DOMAIN}`, record);
    await row.getByRole("button", { name: `Check the DNS record of ${DOMAIN}` }).click();
    await expect(page.getByText(/Another organization here verified this domain/)).toBeVisible();
    await expect(row).toContainText("Waiting for its DNS record");
    dns.withdraw(`_vpmi-console.${DOMAIN}`);
    dns.publish(`_vpmi-console.${DOMAIN}`, northwindRecord);

    // Their own domain, proven, and their own provider, which says it signs in Olivia.
    const own = `${uniqueName("dealer", "-")}.example`;
    const mine = await claimAndCheck(page, own);
    dns.publish(`_vpmi-console.${own}`, mine.record);
    await mine.row.getByRole("button", { name: `Check the DNS record of ${own}` }).click();
    await expect(mine.row).toContainText("Verified");
    await nameProvider(page, attackerIssuer, ATTACKER_CLIENT);
    await expect(page.getByTestId("single-sign-on-state")).toContainText(own);

    const victim = await (await browser.newContext()).newPage();
    await startSignOn(victim, `someone@${own}`, attackerIssuer);
    await atTheProvider(victim, "olivia@northwind.example");
    await expect(victim).toHaveURL(/\/sign-in\?reason=sso-domain/);
    await expect(victim.getByTestId("signed-in-person")).toHaveCount(0);
    await victim.context().close();
    const memberships = await withConsoleStore((c) =>
      c.query(
        "SELECT o.name FROM console_memberships m JOIN console_people p ON p.id = m.person_id JOIN console_organizations o ON o.id = m.organization_id WHERE p.email = 'olivia@northwind.example'",
      ),
    );
    expect(memberships.rows.map((r) => r.name as string).join()).not.toMatch(/Autohaus am Ring/);
  });

  test("a member removed from the organization is not brought back by its single sign-on", async ({
    page,
    browser,
  }) => {
    await signInAsDemoPerson(page, "Olivia Owner");
    await page.goto("/organization");
    await page.getByRole("button", { name: "Remove Sam Single" }).click();
    await expect(page.getByText("Sam Single was removed.")).toBeVisible();
    const sam = await (await browser.newContext()).newPage();
    await startSignOn(sam, `sam@${DOMAIN}`);
    await atTheProvider(sam, `sam@${DOMAIN}`);
    await expect(sam).toHaveURL(/\/sign-in\?reason=sso-removed/);
    await expect(sam.getByTestId("signed-in-person")).toHaveCount(0);
    await sam.context().close();
  });
});

test("a console refuses an identity provider on a loopback or private address unless its operator allows it", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${SANDBOX_ONLY_PORT}` });
  const page = await context.newPage();
  await signInAsDemoPerson(page, "Olivia Owner");
  await page.goto("/organization");
  const form = page.getByRole("form", { name: "Single sign-on" });
  const app = demoAuthenticator("master-admin", "northwind-owner", ".data/e2e-sandbox-only");
  for (const address of ["http://127.0.0.1:9", "https://169.254.169.254", "https://10.0.0.7"]) {
    await nameProvider(page, address, CLIENT);
    await confirmIfAsked(page, app);
    await expect(form.getByLabel("Issuer"), address).toHaveAccessibleDescription(
      /loopback, link-local or private network/,
    );
  }
  await context.close();
});
