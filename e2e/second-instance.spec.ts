import { type Browser, type Page } from "@playwright/test";
import { expect, test, uniqueName, waitForHydration } from "./support/test";
import { MASTER, signInAsDemo, signOut } from "./support/auth";
import { serviceFetch } from "./support/demo";
import { PORT, SECOND_CONSOLE_PORT } from "./support/ports";
import {
  Authenticator,
  setUpAuthenticator,
  signInAsDemoPerson,
  signInWithPassword,
} from "./support/people";

/**
 * Two instances of one console (one store, one session secret), as behind a load balancer
 * without sticky sessions: what an admin does on one acts on the member's next request on the
 * other, and sign-in throttling counts attempts on both.
 */
const FIRST = `http://127.0.0.1:${PORT}`;
const SECOND = `http://127.0.0.1:${SECOND_CONSOLE_PORT}`;
const PASSWORD = "copper kettle beside the harbour";

async function onInstance(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test("an admin's change on one instance acts on the member's next request on the other", async ({
  browser,
}) => {
  const owner = await onInstance(browser, FIRST);
  await signInAsDemoPerson(owner, "Olivia Owner");
  const email = `${uniqueName("second", "-")}@northwind.example`;
  await owner.goto("/organization");
  const form = owner.getByRole("form", { name: "Invite someone" });
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Role").selectOption("operator");
  await form.getByRole("button", { name: "Invite" }).click();
  const link = (await owner.getByTestId("invitation-link").innerText()).trim();

  // The invitation made on the first instance is taken on the second.
  const member = await onInstance(browser, SECOND);
  await member.goto(link.replace(FIRST, SECOND));
  // A new context's first page: a click before it hydrates opens nothing.
  await waitForHydration(member, new URL(member.url()).origin);
  await member.getByText("Join with a password and an authenticator app instead").click();
  const join = member.getByRole("form", { name: "Create your sign-in" });
  await join.getByLabel("Your name").fill("Sami Second");
  await join.getByLabel("A password").fill(PASSWORD);
  const app = await setUpAuthenticator(member);
  await join.getByLabel("Code from your authenticator app").fill(await app.code());
  await join.getByRole("button", { name: "Create my sign-in and join" }).click();
  await expect(member.getByTestId("signed-in-person")).toContainText("Sami Second, operator");

  // A changed role, on the next request there.
  const row = owner.getByTestId("member-row").filter({ hasText: email });
  await owner.reload();
  await row.getByLabel("Role of Sami Second").selectOption("viewer");
  await expect(owner.getByText("Sami Second is now viewer.")).toBeVisible();
  await member.goto("/vehicles");
  await expect(member.getByTestId("signed-in-person")).toContainText("Sami Second, viewer");
  await expect(member.getByText(/operator/i).first()).toBeVisible();

  // Sessions ended on the first instance end there.
  await owner.getByRole("button", { name: "End the sessions of Sami Second" }).click();
  await expect(owner.getByText("Sami Second's sessions end on their next request.")).toBeVisible();
  await member.goto("/usage");
  await expect(member).toHaveURL(/\/sign-in\?reason=ended/);

  // Signed in again there; removed on the first instance, refused on the next request there.
  await signInWithPassword(member, { email, password: PASSWORD }, app);
  await expect(member.getByTestId("signed-in-person")).toContainText("Sami Second, viewer");
  await owner.reload();
  await owner.getByRole("button", { name: "Remove Sami Second" }).click();
  await expect(owner.getByText("Sami Second was removed.")).toBeVisible();
  await member.goto("/usage");
  await expect(member).toHaveURL(/\/sign-in\?reason=ended/);
  await expect(member.getByText("Your access to that organization ended")).toBeVisible();
});

test("failed sign-ins count on every instance: the sixth is refused with the time to wait", async ({
  browser,
}) => {
  // An address without an account is throttled the same, so a refusal never tells.
  const person = { email: `${uniqueName("guess", "-")}@northwind.example`, password: PASSWORD };
  // No account, so any code: a fresh authenticator each time, never waiting for the next step.
  const app = () => new Authenticator("JBSWY3DPEHPK3PXP", true);
  const first = await onInstance(browser, FIRST);
  const second = await onInstance(browser, SECOND);
  const wrong = (page: Page) =>
    expect(page.getByText("The address, password or code is not right.").first()).toBeVisible();
  for (const page of [first, second, first, second, first]) {
    await signInWithPassword(page, person, app(), { refused: true });
    await wrong(page);
  }
  for (const page of [second, first]) {
    await signInWithPassword(page, person, app(), { refused: true });
    await expect(
      page.getByText(/Too many sign-in attempts\. Try again in 15 minutes\./),
    ).toBeVisible();
  }
});

test("a Sub-user created through one instance is found by the next search on the other; signing out ends both", async ({
  browser,
}) => {
  // One browser, one cookie, two instances (as a load balancer without sticky sessions sends it).
  const context = await browser.newContext({ baseURL: FIRST });
  const first = await context.newPage();
  await signInAsDemo(first, MASTER);
  const search = async (q: string) => {
    const res = await context.request.get(`${SECOND}/api/sub-users?q=${encodeURIComponent(q)}`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { items: { name: string | null }[] }).items.map((i) => i.name);
  };
  const name = uniqueName("Second instance");
  // Nothing of that name yet, on either instance.
  expect(await search(name)).toEqual([]);

  await first.goto("/sub-users");
  await first.getByRole("button", { name: "New Sub-user" }).click();
  await first.getByLabel("Name", { exact: true }).fill(name);
  await first.getByRole("button", { name: "Create Sub-user" }).click();
  await expect(first.getByTestId("new-api-key")).toBeVisible();
  expect(await search(name)).toEqual([name]);

  const second = await context.newPage();
  await second.goto(`${SECOND}/usage`);
  await expect(second.getByRole("heading", { level: 1, name: "Usage and credit" })).toBeVisible();
  await signOut(first);
  await second.goto(`${SECOND}/usage`);
  await expect(second).toHaveURL(/\/sign-in/);
  await context.close();
});

test("a Sub-user made outside the console shows on every instance once a scheduled round took the list", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: FIRST });
  const first = await context.newPage();
  // A live session of the Master: the rounds take the lists of signed-in Masters.
  await signInAsDemo(first, MASTER);
  await first.goto("/sub-users");
  const name = uniqueName("Made through the API");
  const created = await serviceFetch("/client/users", { method: "POST", body: { name } });
  expect(created.status).toBe(200);
  const { id } = (await created.json()) as { id: string };

  // Read on the second instance from the store both share; no page asks the service for it.
  const search = async () => {
    const res = await context.request.get(`${SECOND}/api/sub-users?q=${encodeURIComponent(name)}`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { items: { id: string }[] }).items.map((i) => i.id);
  };
  // The rounds run every 10 seconds here (CONSOLE_SUB_USERS_REFRESH_SECONDS).
  await expect.poll(search, { timeout: 30_000, intervals: [1_000] }).toEqual([id]);
  const second = await context.newPage();
  await second.goto(`${SECOND}/sub-users?q=${encodeURIComponent(name)}`);
  await expect(second.getByTestId("sub-user-row")).toHaveCount(1);
  await context.close();
});
