import { expect, test } from "./support/test";
import { DEALER, signedInAs } from "./support/auth";
import { demoKeys, SERVICE_URL, serviceFetch } from "./support/demo";
import { withConsoleStore } from "./support/store";

const JOB_VIN = "WVWZZZ1KZ8W000202";
const FAILS_VIN = "WVWZZZ1KZ8W000500";

test.describe("the jobs list", () => {
  signedInAs(test, DEALER);

  test("follows unfinished jobs live, without a reload", async ({ page }) => {
    await page.goto(`/jobs/new?kind=vin_parts&vin=${JOB_VIN}`);
    await page.getByRole("button", { name: "Look up parts" }).click();
    await expect(page.getByTestId("job-status")).toHaveText(/queued|running/);
    await page.goto("/jobs");
    const row = page.getByTestId("job-row").first();
    await expect(row).toContainText(JOB_VIN);
    await expect(row.getByTestId("job-status")).toHaveText(/queued|running/);
    await expect(row.getByTestId("job-status")).toHaveText("succeeded", { timeout: 15_000 });
  });

  test("reads due statuses from the service before it renders", async ({ page, browser }) => {
    await page.goto(`/jobs/new?kind=vin_parts&vin=${JOB_VIN}`);
    await page.getByRole("button", { name: "Look up parts" }).click();
    await expect(page.getByTestId("job-status")).toHaveText(/queued|running/);
    const [job] = (
      await withConsoleStore((c) =>
        c.query<{ status_url: string }>("SELECT status_url FROM console_jobs WHERE id = $1", [
          new URL(page.url()).pathname.split("/").pop(),
        ]),
      )
    ).rows;
    // Nobody follows the job now: the stored status stays behind the service's, until the
    // service (asked directly) has finished it.
    await page.goto("/usage");
    await expect
      .poll(
        async () => {
          const res = await serviceFetch(new URL(job!.status_url, SERVICE_URL).pathname, {
            apiKey: demoKeys().dealer.apiKey,
          });
          return ((await res.json()) as { status?: string }).status;
        },
        { timeout: 15_000 },
      )
      .toBe("succeeded");
    const staticContext = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const staticPage = await staticContext.newPage();
    await staticPage.goto("/jobs");
    await expect(staticPage.getByTestId("job-row").first().getByTestId("job-status")).toHaveText(
      "succeeded",
    );
    await staticContext.close();
  });

  test("filters, sort and page live in the address and survive a reload", async ({ page }) => {
    await page.goto(`/jobs/new?kind=economic_evaluation&vin=${FAILS_VIN}`);
    await page.getByRole("button", { name: "Evaluate" }).click();
    await expect(page.getByTestId("job-status")).toHaveText("failed", { timeout: 15_000 });

    await page.goto("/jobs");
    await page.getByLabel("Status").selectOption("failed");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/jobs\?status=failed$/);
    await page.reload();
    await expect(page.getByLabel("Status")).toHaveValue("failed");
    const statuses = page.getByTestId("job-row").getByTestId("job-status");
    await expect(statuses.first()).toHaveText("failed");
    for (const status of await statuses.allTextContents()) expect(status).toBe("failed");

    await page.getByLabel("Kind").selectOption("vin_parts");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No job matches these filters.")).toBeVisible();

    await page.goto("/jobs");
    const started = page.getByRole("columnheader", { name: /Started/ });
    await expect(started).toHaveAttribute("aria-sort", "descending");
    await started.getByRole("link").click();
    await expect(page).toHaveURL(/sort=oldest/);
    await expect(page.getByRole("columnheader", { name: /Started/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await expect(page.getByTestId("job-row").first()).toContainText(JOB_VIN);
  });

  test("pages through more jobs than fit on one page", async ({ page }) => {
    await withConsoleStore((c) =>
      c.query(
        `INSERT INTO console_jobs (id, organization_id, client_id, family, status, input, quarantine)
         SELECT gen_random_uuid()::text, o.id, 'cl_demo_dealer', 'vin_parts', 'quarantined', '{"vin":"${JOB_VIN}"}',
                '{"statusUrl":"http://127.0.0.1:1/x","location":null}'
         FROM generate_series(1, 30), console_organizations o
         WHERE o.client_id = 'cl_demo_dealer'`,
      ),
    );
    await page.goto("/jobs?status=quarantined");
    await expect(page.getByTestId("job-row")).toHaveCount(25);
    await expect(page.getByTestId("job-count")).toHaveText(
      "25 jobs on this page, more on the next",
    );
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/status=quarantined&next=[^&]+$/);
    await expect(page.getByTestId("job-row")).toHaveCount(5);
    await page.reload();
    await expect(page.getByTestId("job-count")).toHaveText("5 jobs on this page");
    await expect(
      page.getByRole("navigation", { name: "Pages of jobs" }).getByText("Next", { exact: true }),
    ).toHaveAttribute("aria-disabled", "true");
    // The oldest first, from the top again: the sort starts its own pages.
    await page
      .getByRole("columnheader", { name: /Started/ })
      .getByRole("link")
      .click();
    await expect(page).toHaveURL(/status=quarantined&sort=oldest$/);
    await expect(page.getByTestId("job-row")).toHaveCount(25);
  });
});
