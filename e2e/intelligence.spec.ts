import { type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { BILLED, expect, test } from "./support/test";
import { MASTER, PILOT_PRODUCTION, PILOT_SANDBOX, signedInAs, signInAsDemo } from "./support/auth";
import { demoKeys, SERVICE_URL } from "./support/demo";

async function resolve(
  page: Page,
  fields: { oe?: string; aftermarket?: string; maker?: string; freshness?: string },
) {
  await page.goto("/intelligence");
  if (fields.oe !== undefined) await page.getByLabel("OE number").fill(fields.oe);
  if (fields.aftermarket) await page.getByLabel("or aftermarket number").fill(fields.aftermarket);
  if (fields.maker) await page.getByLabel("Manufacturer (optional)").fill(fields.maker);
  if (fields.freshness) await page.getByLabel("Freshness").selectOption(fields.freshness);
  await page.getByRole("button", { name: "Read market intelligence" }).click();
}

/** On a phone the page stays within the screen (wide tables scroll in their own region). */
async function fitsAPhone(page: Page, what: string) {
  await page.setViewportSize({ width: 390, height: 900 });
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `page width at 390 px on ${what}`).toBeLessThanOrEqual(innerWidth);
  await expectNoAxeViolations(page, `${what} at 390 px`);
}

test.describe("Intelligence for the sandbox pilot account", () => {
  signedInAs(test, PILOT_SANDBOX);

  test("shows the pilot's switches and reads a scored cluster with its evidence kept apart", async ({
    page,
  }) => {
    await page.goto("/intelligence");
    const gates = page.getByTestId("pilot-gates");
    await expect(gates.getByRole("listitem")).toHaveCount(7);
    await expect(gates).not.toContainText("Off");
    await resolve(page, { oe: "1J0 698 151" });
    await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
    const view = page.getByTestId("cluster-intelligence");
    await expect(view.getByText("Scored", { exact: true })).toBeVisible();
    const blocks = view.getByTestId("evidence-block");
    await expect(blocks).toHaveCount(3);
    await expect(blocks.nth(0)).toContainText("Observed supply");
    await expect(blocks.nth(0)).toContainText("Never counted as sales");
    await expect(blocks.nth(1)).toContainText("Verified sales");
    await expect(blocks.nth(2)).toContainText("Internal usage");
    await expect(view.getByTestId("price-distribution")).toBeVisible();
    const percentiles = view.getByTestId("price-percentiles");
    await expect(percentiles.getByRole("row")).toHaveCount(3);
    await expect(percentiles).toContainText("Realised prices (verified sales)");
    await expect(view.getByText("Publishable", { exact: true })).toBeVisible();
    const opportunity = view.getByTestId("opportunity-score");
    await expect(opportunity).toContainText("Posterior mean");
    await expect(opportunity).toContainText("calibrated");
    await expect(
      opportunity.getByRole("table", { name: "Factors of the opportunity score" }).getByRole("row"),
    ).toHaveCount(6);
    await expect(opportunity).toContainText("Limitations");
    await expect(view.getByRole("region", { name: "Provenance" })).toContainText(
      "Intelligence model",
    );
    // The read's receipt, from its response headers: billed once.
    await expect(page.getByTestId("receipt")).toContainText(BILLED);
    await expectNoAxeViolations(page, "cluster result");
    await fitsAPhone(page, "cluster result");
  });

  test("follows a refresh job live until its result", async ({ page }) => {
    await resolve(page, { oe: "34 11 6 858 652" });
    await expect(page).toHaveURL(/\/jobs\//);
    await expect(page.getByText(/queued|running/).first()).toBeVisible();
    const view = page.getByTestId("cluster-intelligence");
    await expect(view).toBeVisible({ timeout: 20_000 });
    await expect(view.getByText("Scored", { exact: true })).toBeVisible();
    await page.goto("/jobs?kind=part_intelligence");
    await expect(page.getByRole("cell", { name: "Part intelligence" }).first()).toBeVisible();
  });

  test("draws a cluster's history with its version change marked", async ({ page }) => {
    await resolve(page, { oe: "1K0 615 301 AA" });
    await page.getByRole("link", { name: "Cluster page and history" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Brake disc VW");
    await page.getByLabel("From", { exact: true }).fill("1 Aug 2026");
    await page.getByLabel("To", { exact: true }).fill("31 Oct 2026");
    await page.getByRole("button", { name: "Show history" }).click();
    const history = page.getByTestId("cluster-history");
    await expect(history.getByTestId("history-point")).toHaveCount(13);
    await expect(history.getByTestId("version-change")).toHaveCount(1);
    await expect(history).toContainText("Version 1 became version 2");
    await expect(history.getByText("v2 (new)")).toBeVisible();
    await expect(history.getByTestId("history-point").first()).toContainText("v1");
    await expect(page).toHaveURL(/from=1\+Aug\+2026/);
    await expectNoAxeViolations(page, "cluster history");
    await fitsAPhone(page, "cluster history");
    await page.setViewportSize({ width: 1280, height: 900 });
    // A day that is not one is refused next to its field, the period typed is kept.
    await page.getByLabel("To", { exact: true }).fill("31 Febtember");
    await page.getByRole("button", { name: "Show history" }).click();
    await expect(page.getByText("A day, for example 31 Oct 2026.")).toBeVisible();
    await expect(page.getByLabel("From", { exact: true })).toHaveValue("1 Aug 2026");
  });

  test("runs VIN Economic Intelligence and shows included and excluded candidates", async ({
    page,
  }) => {
    await page.goto("/intelligence/vin");
    await page.getByLabel("VIN", { exact: true }).fill("WVWZZZ1KZ8W000001");
    await page.getByLabel("Minimum evidence for the portfolio").selectOption("strong");
    await page.getByRole("button", { name: "Start the evaluation" }).click();
    await expect(page).toHaveURL(/\/jobs\//);
    const result = page.getByTestId("vin-economic-result");
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result.getByTestId("vin-candidate").first()).toBeVisible();
    await expect(result.getByText(/^Excluded: /).first()).toBeVisible();
    await expect(result).toContainText("Risk-adjusted value");
    await expect(result).toContainText(/\(v\d\)/);
    await expectNoAxeViolations(page, "VIN Economic Intelligence result");
    await fitsAPhone(page, "VIN Economic Intelligence result");
  });

  test("keeps what was typed and says what is wrong", async ({ page }) => {
    await resolve(page, { oe: "" });
    await expect(page.getByText("Enter an OE number or an aftermarket number.")).toBeVisible();
    await resolve(page, { oe: "7700 500 168" });
    await expect(
      page.getByText("Several manufacturers use this number. Choose the manufacturer"),
    ).toBeVisible();
    await expect(page.getByLabel("OE number")).toHaveValue("7700 500 168");
    await page.getByLabel("Manufacturer (optional)").fill("renault");
    await page.getByRole("button", { name: "Read market intelligence" }).click();
    await expect(
      page.getByTestId("cluster-intelligence").getByText("Indicative", { exact: true }),
    ).toBeVisible();
    await resolve(page, { oe: "ZZZ99999" });
    await expect(
      page.getByText("No part cluster is known for this number or version."),
    ).toBeVisible();
    await page.goto("/intelligence/vin");
    await page.getByLabel("VIN", { exact: true }).fill("WVWZZZ1KZ8W000001");
    await page.getByLabel("As of").fill("2099-01-01 10:00");
    await page.getByRole("button", { name: "Start the evaluation" }).click();
    await expect(page.getByText("must not be in the future")).toBeVisible();
    await expect(page.getByLabel("VIN", { exact: true })).toHaveValue("WVWZZZ1KZ8W000001");
  });
});

test.describe("Intelligence with production's gates", () => {
  signedInAs(test, PILOT_PRODUCTION);

  test("says what is off, reads materialized data only and refuses a refresh plainly", async ({
    page,
  }) => {
    await page.goto("/intelligence");
    const gates = page.getByTestId("pilot-gates");
    await expect(
      gates.getByRole("listitem").filter({ hasText: "Observed listings" }),
    ).toContainText("Off");
    await expect(gates.getByRole("listitem").filter({ hasText: "in the pilot" })).toContainText(
      "On",
    );
    await resolve(page, { oe: "1J0 698 151" });
    const view = page.getByTestId("cluster-intelligence");
    await expect(view.getByText("Insufficient evidence", { exact: true })).toBeVisible();
    await expect(view.getByTestId("opportunity-score")).toContainText("No opportunity score");
    await resolve(page, { oe: "34 11 6 858 652" });
    await expect(
      page.getByText(/No current market intelligence is ready for this part/),
    ).toBeVisible();
    await page.goto("/intelligence/vin");
    await expect(
      page.getByText(/VIN Economic Intelligence is disabled for your account/),
    ).toBeVisible();
  });
});

test("an account outside the pilot gets a plain explanation, not an error", async ({ page }) => {
  await signInAsDemo(page, MASTER);
  await page.goto("/intelligence");
  await expect(page.getByText("Your account is not in the Intelligence pilot")).toBeVisible();
  await expect(page.getByRole("button", { name: "Read market intelligence" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Market intelligence" })).toBeVisible();
});

test("the service's own sign-in gives a pilot's browser a session for the Intelligence operations", async ({
  page,
}) => {
  const pilot = demoKeys()["pilot-sandbox"].serviceSignIn!;
  await page.goto(`${SERVICE_URL}/reference`);
  await page.getByRole("link", { name: "Intelligence pilot sign-in" }).click();
  await page.getByLabel("Login").fill(pilot.login);
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("The login or password is wrong.");
  await expect(page.getByLabel("Login")).toHaveValue(pilot.login);
  await page.getByLabel("Password").fill(pilot.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Signed in" })).toBeVisible();
  const csrf = (await page.locator("#csrf-token").textContent())!.trim();
  // The browser now calls the Intelligence operations with its cookie, and no key (from a page of
  // the service without the sign-in page's CSP, which allows no script to connect).
  await page.goto(`${SERVICE_URL}/openapi.json`);
  const call = (
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string },
  ) =>
    page.evaluate(
      async ({ path, init }) => {
        const key = crypto.randomUUID();
        // One request per Client at a time: the console may be reading for this account in the
        // background (a sign-in starts it), so a busy Client is asked again, as the contract says.
        for (let attempt = 0; ; attempt++) {
          const res = await fetch(path, {
            ...init,
            headers: { Accept: "application/json", "Idempotency-Key": key, ...init.headers },
          });
          const body = (await res.json()) as { error?: string; status?: string };
          if (res.status === 429 && body.error === "client_request_in_progress" && attempt < 5) {
            const wait = Number(res.headers.get("Retry-After") ?? "0") * 1000 || 200;
            await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 2000)));
            continue;
          }
          return { status: res.status, body };
        }
      },
      { path, init },
    );
  const read = await call("/parts/intelligence?oeNumber=1J0698151", {});
  expect(read).toMatchObject({ status: 200, body: { status: "scored" } });
  const body = JSON.stringify({
    vin: "WVWZZZ1KZ8W000001",
    marketCountry: "DE",
    currency: "EUR",
    condition: "used",
    windowDays: 90,
    asOf: "2026-11-20T00:00:00Z",
    minimumEvidence: "any",
    freshnessPolicy: "allow_stale",
    maxCandidates: 5,
    includeInsufficientCandidates: false,
  });
  const json = { "Content-Type": "application/json" };
  expect(
    await call("/vin/economic-intelligence", { method: "POST", headers: json, body }),
  ).toMatchObject({
    status: 403,
    body: { error: "csrf_token_invalid" },
  });
  expect(
    (
      await call("/vin/economic-intelligence", {
        method: "POST",
        headers: { ...json, "X-CSRF-Token": csrf },
        body,
      })
    ).status,
  ).toBe(202);
  // Other operations still want a key.
  expect((await call("/client/credits", {})).status).toBe(401);
});
