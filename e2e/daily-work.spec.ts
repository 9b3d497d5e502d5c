import { expect, test } from "./support/test";
import { DEALER, MASTER, signInAsDemo, SUB_USER } from "./support/auth";
import { withConsoleStore } from "./support/store";

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

test.describe("the overview", () => {
  test("shows balance, plan use with the 90 percent state and grants near their cap", async ({
    page,
  }) => {
    await signInAsDemo(page, MASTER);
    await expect(page.getByTestId("overview-balance")).toHaveText(/^€\d{1,3}(,\d{3})*\.\d{2}$/);
    await expect(
      page.getByTestId("overview-plan").filter({ hasText: "translation" }),
    ).toContainText(/90 percent reached|quota used up/);
    await expect(
      page.getByTestId("overview-plan").filter({ hasText: "vin_vehicle" }),
    ).toContainText("of 100");
    const nearCap = page.getByTestId("overview-grants-near-cap");
    await expect(nearCap).toContainText("hamburg-parts");
    await expect(nearCap).toContainText(/for Workshop Hamburg/);
    await expect(nearCap).toContainText("92 percent");
    await expect(nearCap).not.toContainText("sonnenschein-vin");
  });

  test("shows recent jobs live and recent changes", async ({ page }) => {
    await signInAsDemo(page, DEALER);
    await page.goto("/jobs/new?kind=vin_parts&vin=WVWZZZ1KZ8W000202");
    await page.getByRole("button", { name: "Look up parts" }).click();
    await expect(page.getByTestId("job-status")).toHaveText(/queued|running/);
    await page.goto("/");
    const job = page.getByTestId("overview-job").first();
    await expect(job.getByTestId("job-status")).toHaveText(/queued|running/);
    await expect(job.getByTestId("job-status")).toHaveText("succeeded", { timeout: 15_000 });
    await expect(
      page.getByTestId("overview-audit").filter({ hasText: "Signed in to the console" }).first(),
    ).toBeVisible();
  });

  test("lists active usage warnings, one per plan however often it was raised", async ({
    page,
  }) => {
    await signInAsDemo(page, SUB_USER);
    for (let i = 0; i < 2; i += 1) {
      await page.goto("/vin");
      await page.getByLabel("Full VIN").fill("WVWZZZ1KZ5W123456");
      await page.getByRole("button", { name: "Look up" }).click();
      await expect(page.getByTestId("vehicle-record")).toContainText("vehicle type svc_");
    }
    await page.goto("/");
    const warnings = page.getByTestId("overview-warnings").getByRole("listitem");
    await expect(warnings.filter({ hasText: 'Plan "VIN Starter" for vin_vehicle' })).toHaveCount(1);
    const banner = page.getByRole("region", { name: "Usage warnings", exact: true });
    await expect(banner.getByRole("listitem").filter({ hasText: "VIN Starter" })).toHaveCount(1);
  });
});

test.describe("usage over time", () => {
  test("draws daily calls, month to date against the plan and charges from stored readings", async ({
    page,
  }) => {
    await withConsoleStore(async (c) => {
      const periodStart = new Date();
      periodStart.setUTCDate(1);
      periodStart.setUTCHours(0, 0, 0, 0);
      // Yesterday has no reading: a run that crossed midnight UTC took scheduled ones then.
      await c.query(
        `DELETE FROM console_usage_readings
         WHERE client_id = 'cl_demo_berlin' AND hour >= $1 AND hour < $2`,
        [`${day(-1)}T00:00:00Z`, `${day(0)}T00:00:00Z`],
      );
      for (const [offset, calls, charged] of [
        [-5, 10, 0],
        [-4, 20, 0],
        [-3, 25, 500],
        [-2, 40, 800],
      ] as const) {
        const at = new Date(`${day(offset)}T12:00:00Z`);
        await c.query(
          `INSERT INTO console_usage_readings (client_id, hour, taken_at, source, period_start, period_end, currency, endpoints, plans)
           VALUES ('cl_demo_berlin', $1, $1, 'schedule', $2, $2::timestamptz + interval '1 month', 'EUR', $3, $4)
           ON CONFLICT DO NOTHING`,
          [
            at,
            periodStart,
            JSON.stringify([{ endpointKey: "vin_vehicle", calls, chargedMinor: charged }]),
            JSON.stringify([
              {
                planId: "plan_vin_starter",
                name: "VIN Starter",
                endpointKey: "vin_vehicle",
                included: 100,
                used: calls,
                state: "ok",
              },
            ]),
          ],
        );
      }
    });
    await signInAsDemo(page, SUB_USER);
    await page.goto("/usage?key=vin_vehicle");
    const calls = page.getByTestId("chart-daily-calls");
    await expect(calls.locator(`rect[data-day="${day(-4)}"]`)).toHaveAttribute("data-value", "10");
    await expect(calls.locator(`rect[data-day="${day(-3)}"]`)).toHaveAttribute("data-value", "5");
    await expect(calls.locator(`rect[data-day="${day(-2)}"]`)).toHaveAttribute("data-value", "15");
    await expect(calls.locator(`rect[data-day="${day(-1)}"]`)).toHaveAttribute(
      "data-value",
      "none",
    );
    const charges = page.getByTestId("chart-daily-charges");
    await expect(charges.locator(`rect[data-day="${day(-3)}"]`)).toHaveAttribute(
      "data-value",
      "500",
    );
    // Today's bar comes from the reading this page view just stored.
    await expect(calls.locator(`rect[data-day="${day(0)}"]`)).not.toHaveAttribute(
      "data-value",
      "none",
    );
    await expect(page.getByTestId("chart-month-to-date")).toHaveAttribute(
      "aria-label",
      /of 100 included calls/,
    );
    await page.getByText("The figures as a table").click();
    const table = page.getByTestId("usage-history-table");
    await expect(table.getByRole("row").filter({ hasText: "no reading" }).first()).toBeVisible();
    await page.getByRole("link", { name: "Last 90 days" }).click();
    await expect(page).toHaveURL(/days=90/);
    await expect(page.getByTestId("chart-daily-calls").locator("rect[data-day]")).toHaveCount(90);
  });

  test("keeps each billing period's totals after its readings aged out", async ({ page }) => {
    // A period 14 months back, its daily readings long deleted: only its totals remain.
    const start = new Date();
    start.setUTCDate(1);
    start.setUTCHours(0, 0, 0, 0);
    start.setUTCMonth(start.getUTCMonth() - 14);
    const end = new Date(start);
    end.setUTCMonth(end.getUTCMonth() + 1);
    await withConsoleStore((c) =>
      c.query(
        `INSERT INTO console_usage_months (client_id, period_start, period_end, taken_at, currency, endpoints, plans)
         VALUES ('cl_demo_berlin', $1, $2, $2::timestamptz - interval '1 hour', 'EUR', $3, '[]')
         ON CONFLICT DO NOTHING`,
        [
          start,
          end,
          JSON.stringify([{ endpointKey: "vin_vehicle", calls: 4321, chargedMinor: 98765 }]),
        ],
      ),
    );
    await signInAsDemo(page, SUB_USER);
    await page.goto("/usage?key=vin_vehicle");
    const months = page.getByRole("table", { name: "vin_vehicle: totals by billing period" });
    const rows = months.getByRole("row");
    // The current period first, from the reading this page view took, then the old one.
    await expect(rows.nth(1)).toContainText("(so far)");
    const old = rows.filter({ hasText: "4,321" });
    await expect(old).toHaveCount(1);
    await expect(old).toContainText("€987.65");
    // The period's UTC days, written in the browser's format (en-GB).
    const month = String(start.getUTCMonth() + 1).padStart(2, "0");
    await expect(old.getByRole("rowheader")).toHaveText(
      new RegExp(`^01/${month}/${start.getUTCFullYear()} – \\d\\d/\\d\\d/\\d{4}$`),
    );
    await expect(old).not.toContainText("(so far)");
  });

  test("the schedule reads Sub-users' usage; the list flags those at 90 percent and filters them", async ({
    page,
  }) => {
    await signInAsDemo(page, MASTER);
    await expect
      .poll(
        () =>
          withConsoleStore(async (c) => {
            const { rows } = await c.query(
              "SELECT 1 FROM console_usage_readings WHERE client_id = 'cl_demo_hamburg' AND source = 'schedule'",
            );
            return rows.length;
          }),
        { timeout: 40_000, intervals: [1_000] },
      )
      .toBeGreaterThan(0);
    await page.goto("/sub-users");
    const berlin = page.getByTestId("sub-user-row").filter({ hasText: "cl_demo_berlin" });
    await expect(berlin.getByTestId("sub-user-usage")).toContainText(
      /90 percent reached|quota used up/,
    );
    await page.getByLabel("Status").selectOption("near-quota");
    await expect(page).toHaveURL(/status=near-quota/);
    await page.reload();
    await expect(page.getByLabel("Status")).toHaveValue("near-quota");
    await expect(
      page.getByTestId("sub-user-row").filter({ hasText: "cl_demo_berlin" }),
    ).toHaveCount(1);
    await expect(
      page.getByTestId("sub-user-row").filter({ hasText: "cl_demo_hamburg" }),
    ).toHaveCount(0);
  });
});

test("the Sub-user page lists its rate-limit overrides", async ({ page }) => {
  await signInAsDemo(page, MASTER);
  await page.goto("/sub-users/cl_demo_berlin");
  const overrides = page.getByTestId("rate-limit-override");
  await expect(overrides.filter({ hasText: "vin_vehicle" })).toContainText("60 per 60 s");
  await expect(overrides.filter({ hasText: "* (all)" })).toContainText("600 per 60 s");
});
