import { expect, test, uniqueName } from "./support/test";
import { BENEFICIARY, MASTER, SANDBOX, SUB_USER, signInAsDemo, signOut } from "./support/auth";
import { SANDBOX_ONLY_PORT } from "./support/ports";
import { isServerAction, postActionAs } from "./support/actions";
import { signInAsDemoPerson } from "./support/people";
import { type Request } from "@playwright/test";

test.describe("the Sandbox page", () => {
  test("moves a Master's test clock, stating first what changes, and never back", async ({
    page,
  }) => {
    // Autohaus Sonnenschein: a Master whose clock no other test relies on.
    await signInAsDemo(page, BENEFICIARY);
    await page.getByRole("link", { name: "Sandbox" }).click();
    await expect(page.getByRole("heading", { name: "Sandbox", level: 1 })).toBeVisible();
    const before = Date.parse((await page.getByTestId("sandbox-clock-now").textContent())!);

    await page.getByLabel("Or to a date and time (UTC)").fill("2001-01-01T00:00");
    await expect(page.getByText("a test clock never goes back")).toBeVisible();
    await expect(page.getByRole("button", { name: "Move the clock" })).toBeDisabled();

    await page.getByRole("button", { name: "Advance a day" }).click();
    const changes = page.getByTestId("sandbox-clock-changes");
    await expect(changes).toContainText("Idempotency-Keys used before then stop replaying");
    await page.getByRole("button", { name: "Move the clock" }).click();
    await expect(page.getByText("Clock moved")).toBeVisible();
    await page.reload();
    const after = Date.parse((await page.getByTestId("sandbox-clock-now").textContent())!);
    expect(after - before).toBeGreaterThanOrEqual(86_400_000);
    expect(after - before).toBeLessThan(86_400_000 + 10 * 60_000);

    // What a reset would undo is counted on request.
    await page.getByRole("link", { name: "Count what a reset would undo" }).click();
    await expect(page).toHaveURL(/reset=preview/);
    await expect(
      page
        .getByRole("table", { name: "What a reset changes" })
        .or(page.getByText("Nothing differs from the seeded state in number", { exact: false })),
    ).toBeVisible();

    // A reset takes the Master back to its seeded state, the clock included; it needs the
    // Master's id typed out first.
    const reset = page.getByRole("form", { name: "Reset this Master" });
    const confirm = reset.getByRole("button", { name: "Reset to the seeded state" });
    await reset.getByLabel("Type cl_demo_sonnenschein to confirm").fill("cl_demo_sonnensch");
    await expect(confirm).toBeDisabled();
    await reset.getByLabel("Type cl_demo_sonnenschein to confirm").fill("cl_demo_sonnenschein");
    await confirm.click();
    await expect(page.getByText("The Master is back in its seeded state.")).toBeVisible();
    await page.reload();
    await expect(page.getByText(/reads .* \(real time\)/)).toBeVisible();
  });

  test("adds a fault rule from an operation's documented errors, counts it, journals it, removes it", async ({
    page,
  }) => {
    await signInAsDemo(page, MASTER);
    await page.goto("/sandbox");
    const form = page.getByRole("form", { name: "Add a fault rule" });
    await form.getByLabel("Operation").selectOption("getSystemStatus");
    await form.getByLabel("Effect").selectOption("latency");
    await form.getByLabel("Latency (ms)").fill("lots");
    await form.getByRole("button", { name: "Add the rule" }).click();
    await expect(form.getByText("A whole number of milliseconds from 1 to 60,000.")).toBeVisible();
    await expect(form.getByLabel("Latency (ms)")).toHaveValue("lots");

    await form.getByLabel("Effect").selectOption("error");
    await form.getByLabel("Error", { exact: true }).selectOption("service_unavailable");
    await form.getByLabel("Next N calls").fill("1");
    await form.getByRole("button", { name: "Add the rule" }).click();
    await expect(page.getByText(/Rule fr_\w+ added/)).toBeVisible();
    const rule = page.getByTestId("fault-rule").filter({ hasText: "getSystemStatus" });
    await expect(rule).toContainText("error service_unavailable");

    // The overview pings the service with the session's key: the rule answers 503 once, and the
    // console retries a retryable code, so the page still shows the key accepted.
    await page.goto("/");
    await page.goto("/sandbox?faulted=true&operationId=getSystemStatus");
    await expect(rule).toContainText("error service_unavailable");
    await expect(rule.getByRole("cell").nth(4)).toHaveText("1");
    const entry = page.getByTestId("journal-entry").first();
    await expect(entry).toContainText("503");
    await expect(entry).toContainText("service_unavailable");

    await rule.getByRole("button", { name: /Remove rule/ }).click();
    await expect(page.getByText(/Rule fr_\w+ removed/)).toBeVisible();
    await expect(page.getByTestId("fault-rule").filter({ hasText: "getSystemStatus" })).toHaveCount(
      0,
    );

    // Each change is in the audit log, in words.
    await page.goto("/audit");
    await expect(
      page.getByTestId("audit-row").filter({ hasText: "Removed a sandbox fault rule" }).first(),
    ).toContainText("success");
  });

  test("an operator's fault rule posted directly is refused, adds nothing, and is audited", async ({
    page,
    browser,
  }) => {
    // The owner's own request, as the browser sends it, taken as the operator's.
    await signInAsDemoPerson(page, "Olivia Owner");
    await page.goto("/sandbox");
    const form = page.getByRole("form", { name: "Add a fault rule" });
    await form.getByLabel("Operation").selectOption("getSystemStatus");
    await form.getByLabel("Effect").selectOption("latency");
    await form.getByLabel("Latency (ms)").fill("1");
    await form.getByLabel("Next N calls").fill("1");
    const posted = page.waitForRequest(isServerAction);
    await form.getByRole("button", { name: "Add the rule" }).click();
    const adding: Request = await posted;
    const rules = page.getByTestId("fault-rule").filter({ hasText: "getSystemStatus" });
    await expect(rules).toHaveCount(1);
    const removed = page.waitForRequest(isServerAction);
    await rules.getByRole("button", { name: /Remove rule/ }).click();
    const removing: Request = await removed;
    await expect(rules).toHaveCount(0);
    // A rule's id travels in the controls' path: ".." would name the controls themselves.
    expect(await postActionAs(page, removing, JSON.stringify([".."]))).toContain("invalid_request");

    const context = await browser.newContext();
    const operator = await context.newPage();
    await signInAsDemoPerson(operator, "Oskar Operator");
    expect(await postActionAs(operator, adding)).toContain("role_forbidden");
    // Refused for the role first, whatever the request names (its audit keeps 200 characters).
    const [rule] = JSON.parse(adding.postData()!) as Record<string, unknown>[];
    const long = JSON.stringify([{ ...rule, operationId: "x".repeat(100_000) }]);
    expect(await postActionAs(operator, adding, long)).toContain("role_forbidden");
    await context.close();

    await page.goto("/sandbox");
    await expect(rules).toHaveCount(0);
    // The refusal has its line, with the person who tried.
    await page.goto("/audit?outcome=failure");
    await expect(
      page
        .getByTestId("audit-row")
        .filter({ hasText: "Added a sandbox fault rule" })
        .filter({ hasText: "oskar@northwind.example" })
        .first(),
    ).toContainText("role_forbidden");
  });

  test("is not offered to a Sub-user", async ({ page }) => {
    await signInAsDemo(page, SUB_USER);
    await expect(page.getByRole("link", { name: "Sandbox" })).toHaveCount(0);
    await page.goto("/sandbox");
    await expect(page.getByText("Master clients only")).toBeVisible();
  });
});

test("a lost answer injected by a fault rule gives the Sub-user form's unknown outcome, and the list shows what happened", async ({
  page,
}) => {
  await signInAsDemo(page, MASTER);
  await page.goto("/sandbox");
  const form = page.getByRole("form", { name: "Add a fault rule" });
  await form.getByLabel("Operation").selectOption("createClientUser");
  await form.getByLabel("Effect").selectOption("drop_after_commit");
  await form.getByLabel("Next N calls").fill("1");
  await form.getByRole("button", { name: "Add the rule" }).click();
  await expect(page.getByText(/Rule fr_\w+ added/)).toBeVisible();

  await page.goto("/sub-users");
  const name = uniqueName("Workshop Cottbus");
  await page.getByRole("button", { name: "New Sub-user" }).click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Create Sub-user" }).click();
  await expect(page.getByText("The outcome is unknown")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Sub-user" })).toBeDisabled();
  await page.getByRole("button", { name: "Check the list now" }).click();
  // The service committed the Sub-user before the answer was lost.
  await expect(page.getByTestId("sub-user-row").filter({ hasText: name })).toContainText(
    "created since your attempt",
  );

  await page.goto("/sandbox?operationId=createClientUser");
  await expect(page.getByTestId("journal-entry").first()).toContainText("answer lost");
  await expect(
    page.getByTestId("fault-rule").filter({ hasText: "createClientUser" }),
  ).toContainText("answer lost after commit");
  await page
    .getByTestId("fault-rule")
    .filter({ hasText: "createClientUser" })
    .getByRole("button", { name: /Remove rule/ })
    .click();
  await expect(page.getByText(/Rule fr_\w+ removed/)).toBeVisible();
});

test.describe("a service whose sandbox controls serve sandbox keys only", () => {
  test.use({ baseURL: `http://127.0.0.1:${SANDBOX_ONLY_PORT}` });

  test("hides the Sandbox page from a production key and offers it to the sandbox key, without reset", async ({
    page,
  }) => {
    await signInAsDemo(page, MASTER);
    const nav = page.getByRole("navigation", { name: "Console sections" });
    await expect(nav.getByRole("link", { name: "Usage and credit" })).toBeAttached();
    await expect(nav.getByRole("link", { name: "Sandbox" })).toHaveCount(0);
    await page.goto("/sandbox");
    await expect(page.getByText("serve sandbox keys only")).toBeVisible();

    await signOut(page);
    await signInAsDemo(page, SANDBOX);
    await expect(nav.getByRole("link", { name: "Sandbox" })).toBeAttached();
    await page.goto("/sandbox");
    await expect(page.getByRole("heading", { name: "Test clock" })).toBeVisible();
    await expect(page.getByTestId("reset-by-operator")).toContainText("only its operator");
  });
});
