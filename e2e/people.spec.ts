import { postActionAs } from "./support/actions";
import { type Browser, type BrowserContext, type Page, type Request } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test, uniqueName, waitForHydration } from "./support/test";
import { SANDBOX, signInAsDemo, signOut } from "./support/auth";
import { NAV_ITEMS } from "@/lib/navigation";
import { MASTER_PAGES } from "./support/console-pages";
import { PORT, SECOND_CONSOLE_PORT } from "./support/ports";
import { withConsoleStore } from "./support/store";
import {
  type Authenticator,
  confirmIfAsked,
  demoAuthenticator,
  setUpAuthenticator,
  signInAsDemoPerson,
  signInWithPassword,
  virtualAuthenticator,
} from "./support/people";

const PASSWORD = "amber lantern over quiet hills";

/** Creating a Sub-user issues its first key: a dangerous action, which may ask to confirm first. */
async function startCreatingSubUser(page: Page, name: string) {
  await page.goto("/sub-users");
  await page.getByRole("button", { name: "New Sub-user" }).click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Create Sub-user" }).click();
}

/**
 * Invites an address with a role from the organization page; the link is shown once. An admin's
 * invitation asks the inviter to confirm, with `app`.
 */
async function invite(page: Page, email: string, role: string, app?: Authenticator) {
  await page.goto("/organization");
  const form = page.getByRole("form", { name: "Invite someone" });
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Role").selectOption(role);
  await form.getByRole("button", { name: "Invite" }).click();
  if (app) await confirmIfAsked(page, app);
  const link = page.getByTestId("invitation-link");
  await expect(link).toBeVisible();
  return (await link.innerText()).trim();
}

test.describe.serial("people sign in as themselves", () => {
  const owner = { email: `${uniqueName("owner", "-")}@sandbox.example`, password: PASSWORD };
  const operator = { email: `${uniqueName("operator", "-")}@sandbox.example`, password: PASSWORD };
  let ownerApp: Authenticator;
  let operatorApp: Authenticator;
  let operatorLink = "";
  // The owner's signed-in browser, kept between tests: each code is accepted once, so signing in
  // again would wait for the authenticator's next step.
  let ownerState: Awaited<ReturnType<BrowserContext["storageState"]>>;
  const asOwner = async (browser: Browser) =>
    (await browser.newContext({ storageState: ownerState })).newPage();

  test("the key holder connects the Client and becomes its owner as a person", async ({ page }) => {
    await signInAsDemo(page, SANDBOX);
    await expect(page.getByTestId("signed-in-person")).toContainText(
      "Signed in with the Client's key",
    );
    await page.goto("/organization");
    const become = page.getByRole("form", { name: "Become the owner" });
    await become.getByLabel("Your name").fill("Sandra Sandbox");
    await become.getByLabel("Your email address").fill(owner.email);
    // A common password is refused next to its field, and what was typed stays.
    await become.getByLabel("A password").fill("password1234");
    ownerApp = await setUpAuthenticator(page);
    await become.getByLabel("Code from your authenticator app").fill(await ownerApp.code());
    await become.getByRole("button", { name: "Become the owner" }).click();
    await expect(become.getByLabel("A password")).toHaveAccessibleDescription(/most common/);
    await expect(become.getByLabel("Your name")).toHaveValue("Sandra Sandbox");
    await become.getByLabel("A password").fill(owner.password);
    await become.getByLabel("Code from your authenticator app").fill(await ownerApp.code());
    await become.getByRole("button", { name: "Become the owner" }).click();
    await expect(page.getByTestId("signed-in-person")).toContainText("Sandra Sandbox, owner");
    await expect(page.getByTestId("member-row")).toHaveCount(1);
    await expectNoAxeViolations(page, "the organization page");
    await page.goto("/account");
    await expect(page.getByTestId("own-session")).toHaveCount(1);
    await expectNoAxeViolations(page, "the account page");
    ownerState = await page.context().storageState();
  });

  test("an owner invites an operator, who creates their own sign-in from the link once", async ({
    page,
    browser,
  }) => {
    await signInWithPassword(page, owner, ownerApp);
    await expect(page.getByTestId("signed-in-person")).toContainText("Sandra Sandbox, owner");
    operatorLink = await invite(page, operator.email, "operator");
    expect(operatorLink).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    await expect(
      page.getByTestId("invitation-row").filter({ hasText: operator.email }),
    ).toHaveCount(1);

    const invitee = await browser.newContext();
    const other = await invitee.newPage();
    await other.goto(operatorLink);
    await expect(other.getByTestId("invitation-summary")).toContainText("as operator");
    await expectNoAxeViolations(other, "an invitation");
    expect(await other.content()).not.toMatch(/svc_(live|test)_/);
    // A new context's first page: a click before it hydrates opens nothing.
    await waitForHydration(other, new URL(other.url()).origin);
    await other.getByText("Join with a password and an authenticator app instead").click();
    const form = other.getByRole("form", { name: "Create your sign-in" });
    await form.getByLabel("Your name").fill("Otto Operator");
    await form.getByLabel("A password").fill(operator.password);
    operatorApp = await setUpAuthenticator(other);
    await form.getByLabel("Code from your authenticator app").fill("000000");
    await form.getByRole("button", { name: "Create my sign-in and join" }).click();
    await expect(form.getByText("This code does not match the set-up key.")).toBeVisible();
    await form.getByLabel("Code from your authenticator app").fill(await operatorApp.code());
    await form.getByRole("button", { name: "Create my sign-in and join" }).click();
    await expect(other.getByTestId("signed-in-person")).toContainText("Otto Operator, operator");
    // An operator reads the Master's administration but is not offered its changes, nor the
    // people's management; the operations are theirs.
    await expect(other.getByRole("link", { name: "Partner workspaces" })).toHaveCount(0);
    await expect(other.getByRole("link", { name: "Vehicles", exact: true })).toHaveCount(1);
    await other.goto("/organization");
    await expect(other.getByRole("form", { name: "Invite someone" })).toHaveCount(0);
    await invitee.close();

    // The link works once.
    const again = await browser.newContext();
    const later = await again.newPage();
    await later.goto(operatorLink);
    await expect(later.getByText("This invitation was used already")).toBeVisible();
    await again.close();
  });

  test("a revoked or expired invitation is refused", async ({ browser }) => {
    const page = await asOwner(browser);
    const late = `${uniqueName("late", "-")}@sandbox.example`;
    const lateLink = await invite(page, late, "viewer");
    // Seven days pass for this one.
    await withConsoleStore((c) =>
      c.query(
        "UPDATE console_invitations SET expires_at = now() - interval '1 minute' WHERE email = $1",
        [late],
      ),
    );
    const email = `${uniqueName("revoked", "-")}@sandbox.example`;
    const link = await invite(page, email, "viewer");
    await page.getByRole("button", { name: `Revoke the invitation of ${email}` }).click();
    await expect(page.getByTestId("invitation-row").filter({ hasText: email })).toHaveCount(0);
    // The invitee's browser, signed in to nothing (the owner's stays signed in for later tests).
    const invitee = await (await browser.newContext()).newPage();
    await invitee.goto(link);
    await expect(invitee.getByText("This invitation was revoked")).toBeVisible();
    await invitee.goto(link.replace(/.{5}$/, "AAAAA"));
    await expect(invitee.getByText("This invitation link is not known")).toBeVisible();
    await invitee.goto(lateLink);
    await expect(invitee.getByText("This invitation has expired")).toBeVisible();
  });

  test("a wrong password or code gets one answer, which never tells whether the address exists", async ({
    page,
  }) => {
    await signInWithPassword(
      page,
      { email: operator.email, password: "not the password at all" },
      operatorApp,
      { refused: true },
    );
    const refusal = page.getByText("The address, password or code is not right.");
    await expect(refusal.first()).toBeVisible();
    await signInWithPassword(
      page,
      { email: "nobody-here@sandbox.example", password: PASSWORD },
      operatorApp,
      { refused: true },
    );
    await expect(refusal.first()).toBeVisible();
    await expect(page.getByLabel("Email address", { exact: true })).toHaveValue(
      "nobody-here@sandbox.example",
    );
  });

  test("an owner changes a role and removes a member: effective on the member's next request", async ({
    browser,
  }) => {
    const member = await browser.newContext();
    const theirs = await member.newPage();
    await signInWithPassword(theirs, operator, operatorApp);
    await expect(theirs.getByTestId("signed-in-person")).toContainText("Otto Operator, operator");

    const page = await asOwner(browser);
    await page.goto("/organization");
    const row = page.getByTestId("member-row").filter({ hasText: operator.email });
    await row.getByLabel("Role of Otto Operator").selectOption("viewer");
    await expect(page.getByText("Otto Operator is now viewer.")).toBeVisible();
    await theirs.reload();
    await expect(theirs.getByTestId("signed-in-person")).toContainText("Otto Operator, viewer");
    await expect(theirs.getByRole("link", { name: "Vehicles", exact: true })).toHaveCount(0);

    await page.getByRole("button", { name: "Remove Otto Operator" }).click();
    await expect(page.getByText("Otto Operator was removed.")).toBeVisible();
    await theirs.goto("/usage");
    await expect(theirs).toHaveURL(/\/sign-in\?reason=ended/);
    await expect(theirs.getByText("Your access to that organization ended")).toBeVisible();
    await member.close();
  });

  test("an owner turns key sign-in off: the key is refused for everyone, and its sessions end on every instance", async ({
    browser,
  }) => {
    // A key session, whose next request goes to the second instance.
    const holder = await browser.newContext();
    const keyPage = await holder.newPage();
    await signInAsDemo(keyPage, SANDBOX);
    const page = await asOwner(browser);
    await page.goto("/organization");
    await page.getByRole("button", { name: "Turn key sign-in off" }).click();
    await confirmIfAsked(page, ownerApp);
    await expect(page.getByTestId("key-sign-in-state")).toContainText("Off");
    await keyPage.goto(`http://127.0.0.1:${SECOND_CONSOLE_PORT}/usage`);
    await expect(keyPage).toHaveURL(/\/sign-in\?reason=ended/);
    await holder.close();
    try {
      await signOut(page);
      await page
        .getByRole("button", { name: "Sign in as Northwind Parts GmbH (sandbox key)" })
        .click();
      await expect(page.getByText(/signs in its people only/)).toBeVisible();
    } finally {
      await signInWithPassword(page, owner, ownerApp);
      await page.goto("/organization");
      await page.getByRole("button", { name: "Turn key sign-in on" }).click();
      await confirmIfAsked(page, ownerApp);
      await expect(page.getByTestId("key-sign-in-state")).toContainText("On");
    }
  });
});

test.describe.serial("passkeys", () => {
  // A passkey belongs to a domain name, never an IP address: these pages are on localhost.
  test.use({ baseURL: `http://localhost:${PORT}` });

  test("a new admin joins with a passkey, and signs in with it", async ({ page, browser }) => {
    const email = `${uniqueName("passkey", "-")}@northwind.example`;
    const inviter = await browser.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
    const owner = await inviter.newPage();
    await owner.goto("/sign-in");
    await owner.getByRole("button", { name: "Sign in as Olivia Owner" }).click();
    await expect(owner.getByTestId("signed-in-person")).toContainText("Olivia Owner");
    const link = (
      await invite(owner, email, "admin", demoAuthenticator("master-admin", "northwind-owner"))
    ).replace("127.0.0.1", "localhost");
    await inviter.close();

    const authenticator = await virtualAuthenticator(page);
    await page.goto(link);
    await page.getByRole("button", { name: "Create my passkey and join" }).click();
    await expect(page.getByText("Enter your name first.").first()).toBeVisible();
    await page
      .getByRole("region", { name: "Join with a passkey" })
      .getByLabel("Your name")
      .fill("Pia Passkey");
    await page.getByRole("button", { name: "Create my passkey and join" }).click();
    await expect(page.getByTestId("signed-in-person")).toContainText("Pia Passkey, admin");
    expect(await authenticator.credentials()).toHaveLength(1);
    // Creating the passkey was not confirming with it: issuing a key asks, the passkey answers.
    await startCreatingSubUser(page, uniqueName("Passkey just made"));
    const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Use your passkey" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("new-api-key")).toBeVisible();

    await page.goto("/account");
    await expect(page.getByTestId("passkey-row")).toHaveCount(1);
    await signOut(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByTestId("signed-in-person")).toContainText("Pia Passkey, admin");

    // The stored counter runs ahead of the authenticator's, as it would for a cloned one: its
    // assertion is refused, and the refusal is in the organization's audit log under her name.
    await signOut(page);
    await withConsoleStore((c) =>
      c.query(
        "UPDATE console_passkeys SET counter = 1000000 WHERE person_id = (SELECT id FROM console_people WHERE email = $1)",
        [email],
      ),
    );
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(
      page.getByText("This passkey is not known here, or it could not be checked."),
    ).toBeVisible();
    await expect(page.getByTestId("signed-in-person")).toHaveCount(0);
    await signInAsDemoPerson(page, "Olivia Owner");
    await page.goto(`/audit?outcome=failure`);
    await expect(page.getByTestId("audit-row").filter({ hasText: email }).first()).toContainText(
      "passkey_wrong",
    );
  });

  test("a person adds a passkey, and a later dangerous action is confirmed with it", async ({
    page,
  }) => {
    const authenticator = await virtualAuthenticator(page);
    await signInAsDemoPerson(page, "Olivia Owner");
    await page.goto("/account");
    // A one-click session has confirmed nothing: adding a way in asks first.
    await page.getByRole("button", { name: "Add a passkey" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
    await expect(dialog).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(0);
    await confirmIfAsked(page, demoAuthenticator("master-admin", "northwind-owner"));
    await expect(page.getByTestId("passkey-row")).toHaveCount(1);
    expect(await authenticator.credentials()).toHaveLength(1);
    // A new one-click session has confirmed nothing yet: issuing a key asks, the passkey answers.
    await signOut(page);
    await signInAsDemoPerson(page, "Olivia Owner");
    await startCreatingSubUser(page, uniqueName("Step-up by passkey"));
    await dialog.getByRole("button", { name: "Use your passkey" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("new-api-key")).toBeVisible();
    await page.goto("/account");
    await page.getByRole("button", { name: /Remove the passkey/ }).click();
    await expect(page.getByTestId("passkey-row")).toHaveCount(0);
  });

  test("a passkey the console does not know is refused, and nothing is signed in", async ({
    page,
    context,
  }) => {
    const authenticator = await virtualAuthenticator(page);
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByText(/passkey was not used/)).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(0);
    expect((await context.cookies()).map((c) => c.name)).not.toContain("__Host-console_session");
  });
});

test.describe("roles", () => {
  for (const [person, role] of [
    ["Bea Billing", "billing"],
    ["Oskar Operator", "operator"],
    ["Viktor Viewer", "viewer"],
  ] as const)
    test(`every page as ${role}: what the navigation does not offer says who could, nothing fails`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await signInAsDemoPerson(page, person);
      const offered = new Set(
        await page
          .locator("header nav a")
          .evaluateAll((links) =>
            links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
          ),
      );
      const sections = new Set<string>(NAV_ITEMS.map((i) => i.href));
      for (const path of MASTER_PAGES) {
        await page.goto(path);
        await expect(page.locator("main h1"), path).toBeVisible();
        await expect(page.getByText("This page could not be loaded"), path).toHaveCount(0);
        const section = path.split("?")[0]!;
        if (!sections.has(section)) continue;
        await expect(page.getByText("Not open to your role"), path).toHaveCount(
          offered.has(section) ? 0 : 1,
        );
        if (!offered.has(section))
          await expect(
            page.getByText(`Your role (${role}) does not allow you to`),
            path,
          ).toBeVisible();
      }
    });

  test("a viewer is offered reads only, and a page beyond their role names who could", async ({
    page,
  }) => {
    await signInAsDemoPerson(page, "Viktor Viewer");
    await expect(page.getByTestId("signed-in-person")).toContainText("viewer");
    const nav = page.getByRole("navigation").first();
    await expect(nav.getByRole("link", { name: "Sub-users" })).toBeVisible();
    for (const hidden of ["Vehicles", "Scanner", "Partner workspaces", "Agent access", "Sandbox"])
      await expect(nav.getByRole("link", { name: hidden, exact: true })).toHaveCount(0);
    await page.goto("/grants/new");
    await expect(page.getByText("Not open to your role")).toBeVisible();
    await expect(
      page.getByText(
        /Your role \(viewer\) does not allow you to issue or replace a sponsorship grant: an owner, admin or billing can\./,
      ),
    ).toBeVisible();
    // A read that costs nothing is open to a viewer.
    await page.goto("/sub-users");
    await expect(page.getByRole("heading", { level: 1, name: "Sub-users" })).toBeVisible();
  });

  test("a viewer posting an action directly is refused on the server", async ({
    page,
    browser,
  }) => {
    // The owner's own request to invite someone and to rename a Sub-user, as the browser sends them.
    const posted: Request[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.headers()["next-action"]) posted.push(r);
    });
    await signInAsDemoPerson(page, "Olivia Owner");
    await invite(page, `${uniqueName("direct", "-")}@northwind.example`, "viewer");
    const inviting = posted.at(-1)!;

    const viewer = await browser.newContext();
    const theirs = await viewer.newPage();
    await signInAsDemoPerson(theirs, "Viktor Viewer");
    const answer = await postActionAs(theirs, inviting);
    expect(answer).toContain("role_forbidden");
    expect(answer).toContain("does not allow you to invite people");
    expect(answer).not.toContain("/invite/");
    await viewer.close();
  });

  test("a dangerous action asks a person to confirm with their second factor", async ({ page }) => {
    await signInAsDemoPerson(page, "Olivia Owner");
    await startCreatingSubUser(page, uniqueName("Step-up by code"));
    const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Code from your authenticator app").fill("123456");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog.getByText(/not right/)).toBeVisible();
    await dialog
      .getByLabel("Code from your authenticator app")
      .fill(await demoAuthenticator("master-admin", "northwind-owner").code());
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("new-api-key")).toBeVisible();
  });

  test("the audit log names the person who acted, with their role", async ({ page }) => {
    await signInAsDemoPerson(page, "Olivia Owner");
    await page.goto("/audit");
    await expect(
      page.getByTestId("audit-row").filter({ hasText: "olivia@northwind.example" }).first(),
    ).toContainText("(owner)");
  });
});
