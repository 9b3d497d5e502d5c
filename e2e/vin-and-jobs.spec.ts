import { randomUUID } from "node:crypto";
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { SANDBOX, signedInAs, signInAsDemo, SUB_USER } from "./support/auth";
import { withConsoleStore } from "./support/store";

const VIN = {
  immediate: "WVWZZZ1KZ8W000001",
  job: "WVWZZZ1KZ8W000202",
  fails: "WVWZZZ1KZ8W000500",
  incomplete: "WVWZZZ1KZ8W000007",
};

/** Starts the guided flow and lands on the service's confirmation page. */
async function startFlow(page: Page, vin: string, note = "") {
  await page.goto("/vin");
  await page.getByLabel("VIN", { exact: true }).fill(vin);
  if (note) await page.getByLabel("Note (optional)").fill(note);
  await page.getByRole("button", { name: "Identify the vehicle" }).click();
  await expect(page.getByRole("heading", { name: "Confirm the vehicle" })).toBeVisible();
}

test.describe("VIN redirect flow", () => {
  signedInAs(test, SANDBOX);

  test("completed: the callback is checked, the query leaves the address bar, the technical record and next steps appear", async ({
    page,
  }) => {
    const callbacks: { url: string; referrerPolicy?: string }[] = [];
    page.on("response", (r) => {
      if (r.url().includes("/vin/callback"))
        callbacks.push({ url: r.url(), referrerPolicy: r.headers()["referrer-policy"] });
    });
    await startFlow(page, VIN.immediate, "Customer Müller");
    await page.getByRole("button", { name: "Confirm vehicle" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Identified vehicle" })).toBeVisible();
    expect(new URL(page.url()).search).toBe("");
    expect(page.url()).toMatch(/\/vin\/flows\/[0-9a-f-]{36}$/);
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]!.url).toMatch(/status=completed&svcId=svc_[0-9a-f]+&state=/);
    expect(callbacks[0]!.url).not.toContain(VIN.immediate);
    expect(callbacks[0]!.referrerPolicy).toBe("no-referrer");
    await expect(page.getByTestId("technical-record")).toContainText("Volkswagen");
    await expect(page.getByText("Customer Müller")).toBeVisible();
    await page.getByRole("link", { name: "Look up the vehicle's parts" }).click();
    await expect(page.getByLabel("VIN", { exact: true })).toHaveValue(VIN.immediate);

    // The same answer again is refused, and nothing is loaded.
    await page.goto(callbacks[0]!.url);
    await expect(page.getByText("This answer was already used.")).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/vin");
  });

  test("a partial VIN offers candidates; cancelling says so and offers to start again", async ({
    page,
  }) => {
    await startFlow(page, "WVWZZZ1K");
    await expect(page.getByRole("radio")).toHaveCount(3);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Lookup cancelled" })).toBeVisible();
    await page.getByRole("link", { name: "Start again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "VIN lookup" })).toBeVisible();
  });

  test("a missing or forged state is refused and nothing is fetched", async ({ page }) => {
    await page.goto("/vin/callback?status=completed&svcId=svc_123456789abc");
    await expect(page.getByText("The service's answer carried no state.")).toBeVisible();
    await page.goto(
      "/vin/callback?status=completed&svcId=svc_123456789abc&state=forged-state-value",
    );
    await expect(
      page.getByText("does not belong to a lookup started in this browser session"),
    ).toBeVisible();
    await expect(page.getByTestId("technical-record")).toHaveCount(0);
  });

  test("an expired state is refused", async ({ page }) => {
    await startFlow(page, VIN.immediate);
    await withConsoleStore((c) =>
      c.query(
        "UPDATE console_vin_flows SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL",
      ),
    );
    await page.getByRole("button", { name: "Confirm vehicle" }).click();
    await expect(page.getByText("This lookup has expired.")).toBeVisible();
  });

  test("a state from another browser session is refused", async ({ page, browser }) => {
    await startFlow(page, VIN.immediate);
    let callback = "";
    page.on("request", (r) => {
      if (r.url().includes("/vin/callback")) callback = r.url();
    });
    await page.getByRole("button", { name: "Confirm vehicle" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Identified vehicle" })).toBeVisible();
    expect(callback).toContain("state=");
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInAsDemo(otherPage, SANDBOX);
    await otherPage.goto(callback);
    await expect(
      otherPage.getByText("does not belong to a lookup started in this browser session"),
    ).toBeVisible();
    await other.close();
  });
});

test.describe("jobs", () => {
  signedInAs(test, SANDBOX);

  test("a parts lookup that answers at once shows the result with its caveats", async ({
    page,
  }) => {
    await page.goto(`/jobs/new?kind=vin_parts&vin=${VIN.immediate}`);
    await page.getByRole("button", { name: "Look up parts" }).click();
    await expect(page.getByTestId("job-status")).toHaveText("succeeded");
    await expect(page.getByTestId("parts-result")).toContainText("no OE number");
    await expect(page.getByTestId("parts-result")).toContainText("none (no valid mapping)");
    await expect(page.getByText("Derived data, not a guarantee")).toBeVisible();
  });

  test("a job succeeds after polling, and a reload during the job resumes following it", async ({
    page,
  }) => {
    await page.goto(`/jobs/new?kind=vin_parts&vin=${VIN.job}`);
    await page.getByRole("button", { name: "Look up parts" }).click();
    await expect(page.getByTestId("job-status")).toHaveText(/queued|running/);
    await expect(page.getByText(/The service is working; next check in \d+ s/)).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("job-status")).toHaveText(/queued|running/);
    await expect(page.getByTestId("job-status")).toHaveText("succeeded", { timeout: 15_000 });
    await expect(page.getByTestId("parts-result")).toBeVisible();
    await page.goto("/jobs");
    await expect(page.getByTestId("job-row").filter({ hasText: VIN.job }).first()).toContainText(
      "succeeded",
    );
  });

  test("a failed job shows the embedded error", async ({ page }) => {
    await page.goto(`/jobs/new?kind=economic_evaluation&vin=${VIN.fails}`);
    await page.getByRole("button", { name: "Evaluate" }).click();
    await expect(page.getByTestId("job-status")).toHaveText("failed", { timeout: 15_000 });
    await expect(page.getByText("evaluation_unavailable")).toBeVisible();
    await expect(page.getByText("The order was not repeated.")).toBeVisible();
  });

  test("a cart check keeps order and duplicates, and says when fits=false is not reliable", async ({
    page,
  }) => {
    await page.goto(`/jobs/new?kind=cart_check&vin=${VIN.incomplete}`);
    await page
      .getByLabel("OE numbers, one per line (1 to 30)")
      .fill("NOPE1\n1K0615301AA\nNOPE1\n\n1K0615301AA");
    await page.getByRole("button", { name: "Check the cart" }).click();
    await expect(page.getByTestId("job-status")).toHaveText("succeeded");
    const rows = page.getByTestId("cart-row");
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText("NOPE1");
    await expect(rows.nth(2)).toContainText("NOPE1");
    await expect(rows.nth(0)).toContainText("not a reliable exclusion");
    await expect(page.getByText("The check is incomplete")).toBeVisible();
  });

  test("refuses bad job input next to the fields, keeping what was typed", async ({ page }) => {
    await page.goto("/jobs/new?kind=cart_check");
    await page.getByLabel("VIN", { exact: true }).fill("WVW");
    await page
      .getByLabel("OE numbers, one per line (1 to 30)")
      .fill(Array.from({ length: 31 }, (_, i) => `OE${i}`).join("\n"));
    await page.getByRole("button", { name: "Check the cart" }).click();
    await expect(page.getByText("must be a full 17-character VIN")).toBeVisible();
    await expect(page.getByText("Enter 1 to 30 OE numbers, one per line (now 31).")).toBeVisible();
    await expect(page.getByLabel("VIN", { exact: true })).toHaveValue("WVW");

    await page.goto(`/jobs/new?kind=economic_evaluation&vin=${VIN.immediate}`);
    await page.getByLabel("Parts to price (1 to 100)").fill("101");
    await page.getByLabel("Recovery rate (0.05 to 1)").fill("0.01");
    await page.getByRole("button", { name: "Evaluate" }).click();
    await expect(page.getByText("At most 100.")).toBeVisible();
    await expect(page.getByText("At least 0.05.")).toBeVisible();
  });

  test("a part-image generation job ends with synthetic images and their disclosure", async ({
    page,
  }) => {
    await page.goto("/jobs/new?kind=part_image");
    await page.getByLabel("OE number").fill("1K0615301AA");
    await page.getByRole("button", { name: "Generate images" }).click();
    await expect(page.getByTestId("job-status")).toHaveText("succeeded", { timeout: 15_000 });
    await expect(page.getByTestId("image-result").getByRole("img")).toHaveCount(3);
    await expect(page.getByText("not a photograph of the actual part")).toBeVisible();
  });

  test("a quarantined job is shown as such and never polled", async ({ page }) => {
    const id = randomUUID();
    await withConsoleStore((c) =>
      c.query(
        // The sandbox key's organization, whose session reads it.
        `INSERT INTO console_jobs (id, organization_id, client_id, family, status, input, quarantine) SELECT $1, id, 'cl_demo_northwind', 'vin_parts', 'quarantined', '{"vin":"${VIN.job}"}', '{"statusUrl":"http://127.0.0.1:4110/vin/parts/jobs/job_a","location":"http://elsewhere.example/vin/parts/jobs/job_b"}' FROM console_organizations WHERE client_id = 'cl_demo_northwind' AND environment = 'sandbox'`,
        [id],
      ),
    );
    await page.goto(`/jobs/${id}`);
    await expect(page.getByTestId("job-status")).toHaveText("quarantined");
    await expect(page.getByText("does not match its")).toBeVisible();
    await expect(page.getByText("http://elsewhere.example/vin/parts/jobs/job_b")).toBeVisible();
  });
});

test("a usage warning from the service appears as a banner until dismissed", async ({ page }) => {
  await signInAsDemo(page, SUB_USER);
  await page.goto("/vin");
  await page.getByLabel("Full VIN").fill("WVWZZZ1KZ5W123456");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page).toHaveURL(/\/vehicles\?vin=WVWZZZ1KZ5W123456/);
  await expect(page.getByTestId("vehicle-record")).toContainText("vehicle type svc_");
  // The warning is part of the call's receipt, read from its response header.
  await expect(page.getByRole("complementary", { name: "Receipt: Vehicle record" })).toContainText(
    "VIN Starter",
  );
  await page.goto("/usage");
  const banner = page.getByRole("region", { name: "Usage warnings" });
  await expect(banner).toContainText('Plan "VIN Starter" for vin_vehicle');
  await banner.getByRole("button", { name: "Dismiss" }).click();
  await expect(banner).toHaveCount(0);
});
