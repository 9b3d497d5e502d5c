import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { MASTER, SANDBOX, signInAsDemo } from "./support/auth";
import { demoKeys } from "./support/demo";
import { watchPolicy } from "./support/policy";

/** Every demo secret other than an API key: service sign-in passwords, OAuth client secrets. */
function demoSecrets(): string[] {
  return Object.values(demoKeys()).flatMap((a) => [
    ...(a.serviceSignIn ? [a.serviceSignIn.password] : []),
    ...(a.oauthClient ? [a.oauthClient.clientSecret] : []),
  ]);
}

test.describe("demo secrets", () => {
  test("the anonymous sign-in page carries no demo password or client secret", async ({
    page,
    request,
  }) => {
    const secrets = demoSecrets();
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    const html = await (await request.get("/sign-in")).text();
    expect(html).toContain("Demo accounts");
    for (const secret of secrets) expect(html).not.toContain(secret);
    await page.goto("/sign-in");
    const rendered = await page.content();
    for (const secret of secrets) expect(rendered).not.toContain(secret);
  });

  test("a demo account's own service sign-in reaches the browser only after a click", async ({
    page,
  }) => {
    const admin = demoKeys()["master-admin"].serviceSignIn!;
    await signInAsDemo(page, MASTER);
    await page.goto("/agent");
    expect(await page.content()).not.toContain(admin.password);
    await page.getByRole("button", { name: "Show this demo account's service sign-in" }).click();
    const shown = page.getByTestId("demo-service-sign-in");
    await expect(shown).toContainText(admin.login);
    await expect(shown).toContainText(admin.password);
  });
});

test("/usage keeps its Content-Security-Policy and opens its charts on the busiest endpoint key", async ({
  page,
}) => {
  const violations = await watchPolicy(page);
  await signInAsDemo(page, MASTER);
  await page.goto("/usage");
  await expect(page.getByTestId("chart-daily-calls")).toBeVisible();
  expect(await violations()).toEqual([]);
  // The busiest key of this period, by the page's own table of calls per endpoint key.
  const table = page.getByRole("table", { name: /Billable calls by endpoint key/ });
  const rows = await table.locator("tbody tr").evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll("td, th")].map((c) => c.textContent ?? "");
      return { key: cells[0]!.trim(), calls: Number(cells[1]!.replace(/\D/g, "")) };
    }),
  );
  const busiest = rows.reduce((a, b) => (b.calls > a.calls ? b : a));
  expect(busiest.calls).toBeGreaterThan(0);
  await expect(
    page.getByRole("navigation", { name: "Endpoint keys" }).locator('[aria-current="true"]'),
  ).toHaveText(busiest.key);
});

test("the console's agent connection belongs to the key that made it, and only its own account's consent counts", async ({
  browser,
}) => {
  const admin = demoKeys()["master-admin"].serviceSignIn!;
  const approve = async (page: Page) => {
    await expect(page.getByRole("heading", { name: "Allow agent access" })).toBeVisible();
    await page.getByLabel("Login").fill(admin.login);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Approve" }).click();
  };

  // The Master connects with its production key.
  const production = await (await browser.newContext()).newPage();
  await signInAsDemo(production, MASTER);
  await production.goto("/agent");
  await production.getByRole("button", { name: "Connect the console" }).click();
  await approve(production);
  await expect(
    production.getByText("The console is connected to the agent endpoint."),
  ).toBeVisible();

  // The same Master with its sandbox key: not connected, so nothing of the production
  // connection can be used (or charged) from here.
  const sandbox = await (await browser.newContext()).newPage();
  await signInAsDemo(sandbox, SANDBOX);
  await sandbox.goto("/agent");
  await expect(sandbox.getByRole("button", { name: "Connect the console" })).toBeVisible();
  await expect(sandbox.getByTestId("agent-connection")).toHaveCount(0);
  // Approving with the production account's sign-in is refused for the sandbox session.
  await sandbox.getByRole("button", { name: "Connect the console" }).click();
  await approve(sandbox);
  await expect(sandbox.getByText(/approved by another account/)).toBeVisible();
  await expect(sandbox.getByRole("button", { name: "Connect the console" })).toBeVisible();

  // The production session's connection is untouched and works.
  await production.reload();
  await expect(production.getByTestId("agent-connection")).toBeVisible();
  await production.getByLabel("Tool", { exact: true }).selectOption("account.get_credits");
  await production.getByRole("button", { name: "Call the tool" }).click();
  await expect(production.getByTestId("tool-data")).toContainText("cl_demo_northwind");
  await production.getByRole("button", { name: "Disconnect" }).click();
  await expect(production.getByRole("button", { name: "Connect the console" })).toBeVisible();
  await production.context().close();
  await sandbox.context().close();
});
