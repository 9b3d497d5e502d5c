import { type APIRequestContext, type Browser, type Page, type Request } from "@playwright/test";
import { Agent, fetch as undiciFetch } from "undici";
import { isServerAction } from "./support/actions";
import { MASTER, SANDBOX, signInAsDemo, signOut } from "./support/auth";
import {
  confirmIfAsked,
  demoAuthenticator,
  joinByInvitation,
  signInAsDemoPerson,
  signInWithPassword,
} from "./support/people";
import { PORT, SECOND_CONSOLE_PORT } from "./support/ports";
import { withConsoleStore } from "./support/store";
import { expect, test, uniqueName } from "./support/test";

/**
 * The people's sign-in as an attacker tries it: guesses in parallel over two instances, a forged
 * `X-Forwarded-For`, wrong confirmations, a key holder reaching for the owner's settings, an
 * admin reaching for an owner, and one organization's people looking at another's records.
 */
const FIRST = `http://127.0.0.1:${PORT}`;
const SECOND = `http://127.0.0.1:${SECOND_CONSOLE_PORT}`;

/** The next server action a page posts while `act` runs, as the browser sent it. */
async function capture(page: Page, act: () => Promise<void>): Promise<Request> {
  const posted = page.waitForRequest(isServerAction);
  await act();
  return posted;
}

/**
 * Sends a captured server action again, to one instance or the other, with the cookies of
 * `request` (a browser context's), its Origin that instance's own, its body as given.
 */
async function replay(
  request: APIRequestContext,
  action: Request,
  { base = FIRST, body = action.postData() ?? "" }: { base?: string; body?: string } = {},
): Promise<string> {
  const headers = await action.allHeaders();
  const kept = Object.fromEntries(
    Object.entries(headers).filter(
      ([n]) => !["origin", "content-length", "host", "cookie"].includes(n),
    ),
  );
  const path = new URL(action.url()).pathname;
  const res = await request.fetch(`${base}${path}`, {
    method: "POST",
    headers: { ...kept, origin: base },
    data: body,
    maxRedirects: 0,
  });
  return res.text();
}

/** A person of Northwind made for one test (a password and an authenticator of their own). */
async function newNorthwindPerson(browser: Browser, page: Page, role: string, name: string) {
  await signInAsDemoPerson(page, "Olivia Owner");
  return joinByInvitation(
    browser,
    page,
    {
      email: `${uniqueName(name.split(" ")[0]!.toLowerCase(), "-")}@northwind.example`,
      name,
      role,
    },
    demoAuthenticator("master-admin", "northwind-owner"),
  );
}

const NOT_RIGHT = "The address, password or code is not right.";

test("of 20 parallel wrong passwords for one address over two instances, at most 5 are checked", async ({
  page,
}) => {
  const email = `${uniqueName("parallel", "-")}@northwind.example`;
  await page.goto("/sign-in");
  await page.getByText("Sign in with a password and a code instead").click();
  const form = page.getByRole("form", { name: "Sign in as yourself" });
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Password").fill("not the password at all");
  await form.getByLabel("Code from your authenticator app").fill("123456");
  const action = await capture(page, () =>
    form.getByRole("button", { name: "Sign in", exact: true }).click(),
  );
  await expect(page.getByText(NOT_RIGHT).first()).toBeVisible();
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      replay(page.request, action, { base: i % 2 ? SECOND : FIRST }),
    ),
  );
  const checked = answers.filter((a) => a.includes(NOT_RIGHT)).length;
  // The captured one was checked too.
  expect(checked + 1).toBeLessThanOrEqual(5);
  expect(answers.filter((a) => a.includes("Too many sign-in attempts. Try again in"))).toHaveLength(
    20 - checked,
  );
});

test("a forged X-Forwarded-For counts nothing apart, and one caller's 30 wrong passwords never lock the person out from another address", async ({
  page,
  browser,
}) => {
  const person = await newNorthwindPerson(browser, page, "viewer", "Gisela Guessed");
  await signOut(page);
  await page.goto("/sign-in");
  await page.getByText("Sign in with a password and a code instead").click();
  const form = page.getByRole("form", { name: "Sign in as yourself" });
  await form.getByLabel("Email address").fill(person.email);
  await form.getByLabel("Password").fill("a guess that is wrong");
  await form.getByLabel("Code from your authenticator app").fill("123456");
  const action = await capture(page, () =>
    form.getByRole("button", { name: "Sign in", exact: true }).click(),
  );
  await expect(page.getByText(NOT_RIGHT).first()).toBeVisible();

  // Another caller (another loopback address), naming a new address of its own each time.
  const caller = new Agent({ localAddress: "127.0.0.2" });
  const headers = Object.fromEntries(
    Object.entries(await action.allHeaders()).filter(
      ([n]) => !["content-length", "host", "cookie"].includes(n),
    ),
  );
  const answers: string[] = [];
  for (let i = 0; i < 30; i++) {
    const res = await undiciFetch(action.url(), {
      method: "POST",
      headers: {
        ...headers,
        "x-forwarded-for": `198.51.100.${i + 1}`,
        "x-real-ip": `203.0.113.${i + 1}`,
      },
      body: action.postData() ?? "",
      dispatcher: caller,
      redirect: "manual",
    });
    answers.push(await res.text());
  }
  await caller.close();
  // Counted as one caller: five guesses checked, then the time to wait.
  expect(answers.filter((a) => a.includes(NOT_RIGHT))).toHaveLength(5);
  expect(answers.slice(5).every((a) => a.includes("Too many sign-in attempts"))).toBe(true);

  // The person, from their own address, signs in.
  await signInWithPassword(page, person, person.app);
  await expect(page.getByTestId("signed-in-person")).toContainText("Gisela Guessed, viewer");
});

test("30 parallel wrong step-up codes: at most 5 checked, the rest told to wait, each in the audit log, and the session ends", async ({
  page,
  browser,
}) => {
  const person = await newNorthwindPerson(browser, page, "admin", "Stefan Stepup");
  await signOut(page);
  await signInWithPassword(page, person, person.app);
  // Long enough ago that the next dangerous action asks.
  await withConsoleStore((c) =>
    c.query(
      "UPDATE console_sessions SET stepped_up_at = now() - interval '10 minutes' WHERE person_id = (SELECT id FROM console_people WHERE email = $1)",
      [person.email],
    ),
  );
  await page.goto("/sub-users");
  await page.getByRole("button", { name: "New Sub-user" }).click();
  await page.getByLabel("Name", { exact: true }).fill(uniqueName("Never confirmed"));
  await page.getByRole("button", { name: "Create Sub-user" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await dialog.getByLabel("Code from your authenticator app").fill("000000");
  const action = await capture(page, () => dialog.getByRole("button", { name: "Confirm" }).click());
  await expect(dialog.getByText(/not right/)).toBeVisible();

  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      replay(page.request, action, { base: i % 2 ? SECOND : FIRST }),
    ),
  );
  const wrong = answers.filter((a) => a.includes("code_wrong") || a.includes("session_ended"));
  expect(wrong.length + 1).toBeLessThanOrEqual(5);
  expect(answers.some((a) => a.includes("Too many wrong confirmations. Try again in"))).toBe(true);
  // The session is over, on both instances.
  await page.goto("/usage");
  await expect(page).toHaveURL(/\/sign-in/);
  // Each refusal is in the organization's audit log under the person.
  const owner = await (await browser.newContext()).newPage();
  await signInAsDemoPerson(owner, "Olivia Owner");
  // Filtered to step-ups, newest first: the refusals that came after the checked codes (as many
  // as 50 rows of this test alone, under load) can push those to the next page, so the owner
  // reads on, a page at a time, until a page shows the person's checked codes.
  await owner.goto("/audit?outcome=failure&operation=console.stepUp");
  const seen = new Set<string>();
  for (let shown = 1; shown <= 4; shown++) {
    const rows = owner.getByTestId("audit-row").filter({ hasText: person.email });
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.allTextContents())
      for (const code of ["step_up_wrong", "session_ended"])
        if (text.includes(code)) seen.add(code);
    if (seen.has("step_up_wrong")) break;
    const current = owner.url();
    await owner.getByRole("link", { name: "Next" }).click();
    await expect(owner).not.toHaveURL(current);
  }
  expect([...seen].sort()).toEqual(["session_ended", "step_up_wrong"]);
  await owner.context().close();
});

test("a key session can neither turn key sign-in back on nor invite anyone", async ({
  page,
  browser,
}) => {
  // The owner's own requests, as the browser sends them (the key sign-in one held back for a confirmation).
  await signInAsDemoPerson(page, "Olivia Owner");
  await page.goto("/organization");
  const invite = page.getByRole("form", { name: "Invite someone" });
  const email = `${uniqueName("owner-by-key", "-")}@northwind.example`;
  await invite.getByLabel("Email address").fill(email);
  await invite.getByLabel("Role").selectOption("viewer");
  const inviting = await capture(page, () =>
    invite.getByRole("button", { name: "Invite" }).click(),
  );
  await expect(page.getByTestId("invitation-link")).toBeVisible();
  await withConsoleStore((c) =>
    c.query(
      "UPDATE console_sessions SET stepped_up_at = NULL WHERE person_id = (SELECT id FROM console_people WHERE email = 'olivia@northwind.example')",
    ),
  );
  await page.reload();
  const toggling = await capture(page, () =>
    page.getByRole("button", { name: /Turn key sign-in (off|on)/ }).click(),
  );
  // Held back for a confirmation, which is not given: nothing changed.
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  if (
    await dialog.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    )
  )
    await dialog.getByRole("button", { name: "Cancel" }).click();

  const holder = await browser.newContext();
  const keyPage = await holder.newPage();
  await signInAsDemo(keyPage, MASTER);
  const asOwner = await replay(keyPage.request, inviting, {
    body: (inviting.postData() ?? "").replace('"viewer"', '"owner"').replace(email, `x-${email}`),
  });
  expect(asOwner).toContain("role_forbidden");
  expect(asOwner).toContain("sign in as yourself");
  expect(asOwner).not.toContain("/invite/");
  // Nor anyone at all: people a key holder invited would outlive key sign-in.
  const asViewer = await replay(keyPage.request, inviting, {
    body: (inviting.postData() ?? "").replace(email, `y-${email}`),
  });
  expect(asViewer).toContain("role_forbidden");
  expect(asViewer).not.toContain("/invite/");
  for (const allowed of ["true", "false"]) {
    const answer = await replay(keyPage.request, toggling, {
      body: (toggling.postData() ?? "").replace(/"allowed":(true|false)/, `"allowed":${allowed}`),
    });
    expect(answer).toContain("role_forbidden");
  }
  await keyPage.goto("/organization");
  await expect(keyPage.getByTestId("key-sign-in-state")).toContainText("On");
  await expect(keyPage.getByRole("button", { name: /Turn key sign-in/ })).toHaveCount(0);
  await holder.close();
});

test("an admin can neither end an owner's sessions nor remove an owner", async ({
  page,
  browser,
}) => {
  const admin = await newNorthwindPerson(browser, page, "admin", "Alma Admin");
  const theirs = await (await browser.newContext()).newPage();
  await signInWithPassword(theirs, admin, admin.app);
  await theirs.goto("/organization");
  const ownerRow = theirs.getByTestId("member-row").filter({ hasText: "olivia@northwind.example" });
  await expect(ownerRow.getByRole("button")).toHaveCount(0);
  await expect(ownerRow.getByRole("combobox")).toHaveCount(0);
  // Her own requests for a viewer, sent again for the owner.
  await signInAsDemoPerson(await (await browser.newContext()).newPage(), "Viktor Viewer");
  const ids = await withConsoleStore((c) =>
    c.query<{ email: string; id: string }>(
      "SELECT email, id FROM console_people WHERE email IN ('olivia@northwind.example', 'viktor@northwind.example')",
    ),
  );
  const id = (email: string) => ids.rows.find((r) => r.email === email)!.id;
  await theirs.reload();
  const viewerRow = theirs
    .getByTestId("member-row")
    .filter({ hasText: "viktor@northwind.example" });
  const ending = await capture(theirs, () =>
    viewerRow.getByRole("button", { name: "End the sessions of Viktor Viewer" }).click(),
  );
  await expect(
    theirs.getByText("Viktor Viewer's sessions end on their next request."),
  ).toBeVisible();
  const olivia = await (await browser.newContext()).newPage();
  await signInAsDemoPerson(olivia, "Olivia Owner");
  const forOwner = (ending.postData() ?? "").replace(
    id("viktor@northwind.example"),
    id("olivia@northwind.example"),
  );
  expect(await replay(theirs.request, ending, { body: forOwner })).toContain("role_forbidden");
  // Olivia's session goes on.
  await olivia.goto("/usage");
  await expect(olivia.getByRole("heading", { level: 1, name: "Usage and credit" })).toBeVisible();
  await theirs.context().close();
  await olivia.context().close();
});

test("a Client's sandbox organization never sees its production organization's audit log, requests or jobs", async ({
  page,
  browser,
}) => {
  // What the sandbox organization's log holds of VIN parts lookups before.
  const sandbox = await (await browser.newContext()).newPage();
  await signInAsDemo(sandbox, SANDBOX);
  const sandboxRequests = async () => {
    await sandbox.goto("/requests?operation=getPartsByVin");
    await expect(sandbox.getByRole("heading", { level: 1, name: "Request log" })).toBeVisible();
    return sandbox.getByTestId("request-row").count();
  };
  const before = await sandboxRequests();

  // The production organization's owner invites someone, orders a job and so calls the service.
  await signInAsDemoPerson(page, "Olivia Owner");
  const marker = `${uniqueName("org-apart", "-")}@northwind.example`;
  await page.goto("/organization");
  const invite = page.getByRole("form", { name: "Invite someone" });
  await invite.getByLabel("Email address").fill(marker);
  await invite.getByLabel("Role").selectOption("viewer");
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByTestId("invitation-link")).toBeVisible();
  await page.goto("/jobs/new?kind=vin_parts&vin=WVWZZZ1KZ8W000202");
  await page.getByRole("button", { name: "Look up parts" }).click();
  await confirmIfAsked(page, demoAuthenticator("master-admin", "northwind-owner"));
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  const job = new URL(page.url()).pathname;
  await page.goto("/requests?operation=getPartsByVin");
  await expect(page.getByTestId("request-row").first()).toBeVisible();
  await page.goto("/jobs");
  await expect(page.locator(`a[href="${job}"]`).first()).toBeVisible();

  // None of it reaches the sandbox organization's people.
  await sandbox.goto("/audit");
  await expect(sandbox.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await expect(sandbox.getByTestId("audit-row").filter({ hasText: marker })).toHaveCount(0);
  await expect(
    sandbox.getByTestId("audit-row").filter({ hasText: "olivia@northwind.example" }),
  ).toHaveCount(0);
  await sandbox.goto("/jobs");
  await expect(sandbox.locator(`a[href="${job}"]`)).toHaveCount(0);
  const direct = await sandbox.request.get(`/api${job}`);
  expect(direct.status()).toBe(404);
  await sandbox.goto(job);
  await expect(sandbox.getByTestId("job-status")).toHaveCount(0);
  expect(await sandboxRequests()).toBe(before);
  await sandbox.context().close();
});
