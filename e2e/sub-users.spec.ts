import { type Page } from "@playwright/test";
import { clientUser, type RateLimitInput } from "@/lib/api/contract/client-admin";
import { loseActionAnswers, recordActionAnswers } from "./support/actions";
import { serviceFetch } from "./support/demo";
import { expect, test, uniqueName } from "./support/test";
import { MASTER, signedInAs } from "./support/auth";

signedInAs(test, MASTER);

async function createSubUser(page: Page, name: string) {
  await page.goto("/sub-users");
  await page.getByRole("button", { name: "New Sub-user" }).click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Create Sub-user" }).click();
  const key = page.getByTestId("new-api-key");
  await expect(key).toBeVisible();
  return (await key.inputValue()) as string;
}

/** Creates a Sub-user, confirms its key was stored and opens its page. */
async function openNewSubUser(page: Page, name: string) {
  await createSubUser(page, name);
  await page.getByLabel("I have stored the key").check();
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

test.describe("Sub-users list", () => {
  test("lists, searches, filters and sorts the Sub-users", async ({ page }) => {
    await page.goto("/sub-users");
    const rows = page.getByTestId("sub-user-row");
    await expect(rows.filter({ hasText: "Workshop Berlin" })).toHaveCount(1);
    await expect(rows.filter({ hasText: "Legacy Integration" })).toHaveCount(1);
    await page.getByLabel("Search by name or id").fill("HAMB");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Workshop Hamburg");
    await page.getByLabel("Search by name or id").fill("cl_demo_leg");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Legacy Integration");
    // Pages come from the console's server: the table says it is busy until the answer is in.
    const table = page.getByRole("table", { name: "Sub-users of this Master client" });
    const settled = () => expect(table).not.toHaveAttribute("aria-busy", "true");
    await page.getByLabel("Search by name or id").fill("");
    await page.getByLabel("Status").selectOption("inactive");
    await settled();
    for (const status of await rows.locator("td:nth-child(3)").allTextContents())
      expect(status).toBe("deactivated");
    await page.getByLabel("Status").selectOption("all");
    await page.getByLabel("Search by name or id").fill("Workshop");
    await page.getByLabel("Sort").selectOption("name-desc");
    await settled();
    const names = await rows.locator("td:first-child a").allTextContents();
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    await expect(page.getByTestId("sub-user-count")).toHaveText(
      new RegExp(`^${names.length} of \\d+ Sub-users$`),
    );
  });
});

test.describe("creating a Sub-user", () => {
  test("a Sub-user created here is found by the next search at once", async ({ page }) => {
    // A search first: the console's index of the list now predates the new Sub-user.
    await page.goto("/sub-users");
    const search = page.getByLabel("Search by name or id");
    const rows = page.getByTestId("sub-user-row");
    await search.fill("Workshop");
    await expect(rows.first()).toBeVisible();
    const name = uniqueName("Workshop Probe");
    await createSubUser(page, name);
    await page.getByLabel("I have stored the key").check();
    await page.getByRole("button", { name: "Done" }).click();
    await page.getByLabel("Search by name or id").fill(name);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(name);
  });

  test("keeps typed values and shows errors next to the field", async ({ page }) => {
    await page.goto("/sub-users");
    await page.getByRole("button", { name: "New Sub-user" }).click();
    const longName = "N".repeat(201);
    await page.getByLabel("Name", { exact: true }).fill(longName);
    await page.getByLabel("Default provider").selectOption("2");
    await page.getByRole("button", { name: "Create Sub-user" }).click();
    await expect(page.getByText("must be at most 200 characters")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(longName);
    await expect(page.getByLabel("Default provider")).toHaveValue("2");
    await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  });

  test("shows the initial key exactly once: not after a reload, not after going back", async ({
    page,
  }) => {
    const actionAnswers = await recordActionAnswers(page, "**/sub-users");
    const munich = uniqueName("Workshop Munich");
    const key = await createSubUser(page, munich);
    expect(key).toMatch(/^svc_live_[0-9A-Za-z]{32}$/);
    await expect(page.getByText("You will not see it again")).toBeVisible();
    const showing = actionAnswers.filter((r) => r.body.includes(key));
    expect(showing).toHaveLength(1);
    expect(showing[0]!.headers["cache-control"]).toContain("no-store");

    await expect(page.getByRole("button", { name: "Done" })).toBeDisabled();
    await page.getByLabel("I have stored the key").check();
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("new-api-key")).toHaveCount(0);
    await expect(page.getByTestId("sub-user-row").filter({ hasText: munich })).toHaveCount(1);

    const second = await createSubUser(page, "Workshop Cologne");
    await page.reload();
    await expect(page.getByTestId("new-api-key")).toHaveCount(0);
    expect(await page.content()).not.toContain(second);

    const third = await createSubUser(page, "Workshop Leipzig");
    await page.goto("/usage");
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "Sub-users" })).toBeVisible();
    await expect(page.getByTestId("new-api-key")).toHaveCount(0);
    expect(await page.content()).not.toContain(third);
  });
});

test.describe("a Sub-user's page", () => {
  test("renames, deactivates with a confirmation naming what stops, and reactivates", async ({
    page,
  }) => {
    const dresden = uniqueName("Workshop Dresden");
    const renamed = uniqueName("Workshop Neustadt");
    await openNewSubUser(page, dresden);

    await page.getByRole("textbox", { name: "Name" }).fill(renamed);
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByText("Saved.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();

    await page.getByRole("button", { name: "Deactivate…" }).click();
    const dialog = page.getByRole("dialog", { name: `Deactivate ${renamed}?` });
    await expect(dialog).toContainText("All 1 API key of this Sub-user");
    await expect(dialog).toContainText("It benefits from no grant of yours.");
    // Focus starts on Cancel: Enter right after opening does not deactivate.
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Deactivate…" })).toBeVisible();
    await page.getByRole("button", { name: "Deactivate…" }).click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Deactivate…" }).click();
    await dialog.getByRole("button", { name: "Deactivate", exact: true }).click();
    await expect(page.getByText("deactivated", { exact: true })).toBeVisible();
    await expect(page.getByText("Reactivate the Sub-user to issue keys.")).toBeVisible();

    await page.getByRole("button", { name: "Reactivate" }).click();
    await expect(page.getByText("active", { exact: true })).toBeVisible();
  });

  test("a lost answer to a rename says the outcome is unknown and the page stays usable", async ({
    page,
  }) => {
    const name = uniqueName("Workshop Lost Rename");
    await openNewSubUser(page, name);

    const sent = await loseActionAnswers(page, "**/sub-users/*", 1);
    const renamed = uniqueName("Workshop Lost Renamed");
    await page.getByRole("textbox", { name: "Name" }).fill(renamed);
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByText("The outcome is unknown")).toBeVisible();
    await expect(page.getByText("The console did not answer")).toBeVisible();
    expect(sent.posts).toBe(1);
    // No error boundary: the form keeps the typed name and can be sent again by the person.
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue(renamed);
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByText("Saved")).toBeVisible();
    expect(sent.posts).toBe(1);
  });

  test("a lost answer to a deactivation says the outcome is unknown and the page stays usable", async ({
    page,
  }) => {
    const name = uniqueName("Workshop Lost Status");
    await openNewSubUser(page, name);

    const sent = await loseActionAnswers(page, "**/sub-users/*", 1);
    await page.getByRole("button", { name: "Deactivate…" }).click();
    const dialog = page.getByRole("dialog", { name: `Deactivate ${name}?` });
    await dialog.getByRole("button", { name: "Deactivate", exact: true }).click();
    await expect(page.getByText("The outcome is unknown").first()).toBeVisible();
    await expect(page.getByText("The console did not answer").first()).toBeVisible();
    expect(sent.posts).toBe(1);
    // Never re-sent by itself; the page still works: reload shows the state it is really in.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("deactivated", { exact: true })).toBeVisible();
    expect(sent.posts).toBe(1);
  });

  test("names the grants a Sub-user benefits from before deactivation", async ({ page }) => {
    await page.goto("/sub-users/cl_demo_berlin");
    await page.getByRole("button", { name: "Deactivate…" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("berlin-recalls");
    await expect(dialog).toContainText("Workshop Berlin integration, Workshop Berlin tablet");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("issues another key with a label, shown once", async ({ page }) => {
    await page.goto("/sub-users/cl_demo_hamburg");
    await page.getByLabel("Label (optional)").fill("Hamburg tablet");
    await page.getByRole("button", { name: "Issue key" }).click();
    const key = await page.getByTestId("new-api-key").inputValue();
    expect(key).toMatch(/^svc_live_/);
    await expect(page.getByText("label “Hamburg tablet”")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("new-api-key")).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Existing keys" })).toContainText("Hamburg tablet");
  });

  test("shows the Sub-user's usage against its plans", async ({ page }) => {
    await page.goto("/sub-users/cl_demo_berlin");
    const row = page.getByTestId("plan-usage-row").filter({ hasText: "VIN Starter" });
    // 93 seeded; other specs' look-ups as Workshop Berlin may have added a few.
    await expect(row).toContainText(/vin_vehicle9\d100/);
    await expect(row).toContainText("90 percent reached");
  });
});

/**
 * Creates a Sub-user with these rules straight through the service. Node's own fetch, not
 * Playwright's request fixture, so the Master key stays out of the test's trace.
 */
async function subUserWithRules(rateLimits: RateLimitInput[]) {
  const created = await serviceFetch("/client/users", {
    method: "POST",
    body: { name: uniqueName("Workshop Bonn") },
  });
  expect(created.status).toBe(200);
  const { id } = clientUser.parse(await created.json());
  const replaced = await serviceFetch(`/client/users/${id}/rate-limits`, {
    method: "PUT",
    body: { rateLimits },
  });
  expect(replaced.status).toBe(200);
  return id;
}

test.describe("rate limits", () => {
  test("validates rows, shows the replacement's diff, replaces, and reports a replay after a lost answer", async ({
    page,
  }) => {
    // A Sub-user of its own, set up through the service, so the test starts from the same rules on
    // every try.
    const clientId = await subUserWithRules([
      { endpointKey: "vin_vehicle", windowSeconds: 60, maxRequests: 60 },
      { endpointKey: "*", windowSeconds: 60, maxRequests: 600 },
    ]);
    const editor = `/sub-users/${clientId}/rate-limits`;
    await page.goto(editor);
    const rules = page.getByRole("listitem", { name: /^Rule / });
    await expect(rules).toHaveCount(2);

    // Change the `*` rule, remove the vin_vehicle rule, add a bad row.
    await rules.nth(1).getByLabel("Max requests").fill("300");
    await rules.nth(0).getByRole("button", { name: "Remove rule 1" }).click();
    await page.getByRole("button", { name: "Add rule" }).click();
    const added = page.getByRole("listitem", { name: "Rule 2" });
    await added.getByLabel("Endpoint key").selectOption("translation");
    await added.getByLabel("Window (s)").fill("");
    await added.getByLabel("Max requests").fill("0");
    await page.getByRole("button", { name: "Review changes" }).click();
    await expect(added.getByText("Enter the window in whole seconds.")).toBeVisible();
    await expect(added.getByText("At least 1 request.")).toBeVisible();
    await expect(added.getByLabel("Endpoint key")).toHaveValue("translation");

    await added.getByLabel("Window (s)").fill("10");
    await added.getByLabel("Max requests").fill("5");
    await page.getByRole("button", { name: "Review changes" }).click();
    const diff = page.getByTestId("rate-limit-diff");
    await expect(diff).toContainText("Added (1)");
    await expect(diff).toContainText("5 per 10 s on translation");
    await expect(diff).toContainText("Changed (1)");
    await expect(diff).toContainText(
      "600 per 60 s on all endpoint keys → 300 per 60 s on all endpoint keys",
    );
    await expect(diff).toContainText("Removed (1)");
    await expect(diff).toContainText("60 per 60 s on vin_vehicle");

    // The first answer is lost on the way back; the change may have been applied.
    await loseActionAnswers(page, `**${editor}`, 1);
    await page.getByRole("button", { name: "Replace rate limits" }).click();
    await expect(page.getByText("The console did not answer")).toBeVisible();
    await page.getByRole("button", { name: "Review changes" }).click();
    await page.getByRole("button", { name: "Replace rate limits" }).click();
    await expect(page.getByText("idempotent replay")).toBeVisible();
    await expect(page.getByRole("listitem", { name: /^Rule / })).toHaveCount(2);

    await page.goto("/audit?operation=replaceClientUserRateLimits");
    const entries = page.getByTestId("audit-row").filter({ hasText: clientId });
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText("(replayed)");
    const keys = await entries.locator("td:nth-child(6) code").allTextContents();
    expect(keys[0]).toBe(keys[1]);
  });
});

test.describe("rate-limit editor guidance", () => {
  test("refuses a duplicate rule next to its field and shows the service's default", async ({
    page,
  }) => {
    const clientId = await subUserWithRules([
      { endpointKey: "vin_vehicle", windowSeconds: 60, maxRequests: 10 },
    ]);
    await page.goto(`/sub-users/${clientId}/rate-limits`);
    await expect(page.getByTestId("default-limit")).toContainText(
      "1,200 requests per 60 s for each endpoint key",
    );
    await page.getByRole("button", { name: "Add rule" }).click();
    const second = page.getByRole("listitem", { name: "Rule 2" });
    await second.getByLabel("Endpoint key").selectOption("vin_vehicle");
    await second.getByLabel("Window (s)").fill("60");
    await second.getByLabel("Max requests").fill("20");
    await page.getByRole("button", { name: "Review changes" }).click();
    await expect(
      second.getByText("Rule 1 already limits this endpoint key and window"),
    ).toBeVisible();
    await expect(second.getByLabel("Max requests")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("heading", { name: "Review the replacement" })).toHaveCount(0);
  });
});
