import { readFileSync } from "node:fs";
import { expect, test, uniqueName } from "./support/test";
import { DEALER, MASTER, signInAsDemo, signOut } from "./support/auth";
import { serviceFetch } from "./support/demo";
import { withConsoleStore } from "./support/store";
import { OPERATIONS } from "@/lib/api/contract/operations";

async function createSubUser(name: string): Promise<string> {
  const response = await serviceFetch("/client/users", { method: "POST", body: { name } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

test.describe("the audit log", () => {
  test("a change opens to its before and after", async ({ page }) => {
    const name = uniqueName("Workshop Kiel");
    const id = await createSubUser(name);
    await signInAsDemo(page, MASTER);
    await page.goto(`/sub-users/${id}`);
    await page.getByRole("textbox", { name: "Name" }).fill(`${name} Nord`);
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByText("Saved.")).toBeVisible();

    await page.goto("/audit");
    await page.getByTestId("audit-row").filter({ hasText: id }).first().getByRole("link").click();
    await expect(page).toHaveURL(/\/audit\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      OPERATIONS.updateClientUser.summary.replaceAll("`", ""),
    );
    const row = page.getByTestId("audit-changes").getByRole("row", { name: /^name / });
    await expect(row).toContainText(name);
    await expect(row).toContainText(`${name} Nord`);
    await expect(row.getByTestId("audit-change")).toHaveText("changed");
  });

  test("sign-in and sign-out are recorded; the operation filter offers every change, never a read", async ({
    page,
  }) => {
    await signInAsDemo(page, MASTER);
    await signOut(page);
    await signInAsDemo(page, MASTER);
    await page.goto("/audit");
    const rows = page.getByTestId("audit-row");
    await expect(rows.first()).toContainText("Signed in to the console");
    await expect(rows.nth(1)).toContainText("Signed out of the console");

    // From the operations table and the console's events, not from what the log holds: a change
    // nobody made yet is offered too; a plain read is never audited, so never offered.
    const options = await page.getByLabel("Operation").locator("option").allTextContents();
    expect(options).toContain("Signed in to the console");
    expect(options).toContain("Confirmed it was them (step-up)");
    expect(options).toContain(OPERATIONS.replaceClientUserRateLimits.summary.replaceAll("`", ""));
    expect(options).not.toContain(OPERATIONS.listPlans.summary);
    // Every option is words, never a raw operation id.
    expect(options.filter((o) => /^console\./.test(o))).toEqual([]);
    await page.getByLabel("Operation").selectOption({ label: "Signed out of the console" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/audit\?operation=console\.signOut$/);
    for (const text of await rows.allTextContents()) expect(text).toContain("Signed out");
  });

  test("pages on the server, keeps dates in the address and exports what the filters select", async ({
    page,
  }) => {
    // The dealer's organization is connected by its first sign-in; its log gets the entries.
    await signInAsDemo(page, DEALER);
    await withConsoleStore((c) =>
      c.query(
        `INSERT INTO console_audit_log (client_id, organization_id, operation_id, target, outcome, error_code, created_at)
         SELECT 'cl_demo_dealer', o.id, 'createVinRedirectSession', 'VIN ' || n,
                CASE WHEN n % 4 = 0 THEN 'failure' ELSE 'success' END,
                CASE WHEN n % 4 = 0 THEN 'insufficient_credit' END,
                timestamptz '2026-10-15T12:00:00Z' + n * interval '1 hour'
         FROM generate_series(1, 120) AS n, console_organizations o
         WHERE o.client_id = 'cl_demo_dealer'`,
      ),
    );
    await page.goto("/audit?outcome=failure");
    await expect(page.getByTestId("audit-count")).toHaveText("30 entries");
    await page.goto("/audit");
    const rows = page.getByTestId("audit-row");
    await expect(rows).toHaveCount(50);
    await expect(page.getByTestId("audit-count")).toHaveText(
      "50 entries on this page, more on the next",
    );
    const firstPage = await rows.allTextContents();
    // The page after starts past the last entry shown: its place is in the address.
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/audit\?next=[^&]+$/);
    await page.reload();
    await expect(rows).toHaveCount(50);
    const secondPage = await rows.allTextContents();
    expect(secondPage.filter((r) => firstPage.includes(r))).toEqual([]);
    // Back is the same first page; First leaves no place in the address.
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/audit\?prev=[^&]+$/);
    await expect(rows).toHaveCount(50);
    expect(await rows.allTextContents()).toEqual(firstPage);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/audit\?next=[^&]+$/);
    await page.getByRole("link", { name: "First" }).click();
    await expect(page).toHaveURL(/\/audit$/);
    // A place that does not parse (a hand-edited address) shows the top.
    await page.goto("/audit?next=yesterday");
    expect(await rows.allTextContents()).toEqual(firstPage);

    await page.getByLabel("From (UTC)").fill("16 Oct 2026");
    await page.getByLabel("To (UTC)").fill("2026-10-17");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/audit\?from=2026-10-16&to=2026-10-17$/);
    await page.reload();
    await expect(page.getByLabel("From (UTC)")).toHaveValue("16 Oct 2026");
    await expect(page.getByLabel("To (UTC)")).toHaveValue("17 Oct 2026");
    await expect(page.getByTestId("audit-count")).toHaveText("48 entries");

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export as CSV" }).click();
    const csv = readFileSync(await (await download).path(), "utf8");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe(
      "time,operation,operation_label,target,outcome,error_code,idempotency_key,detail,actor,actor_role",
    );
    expect(lines).toHaveLength(49);
    expect(lines.every((l, i) => i === 0 || l.startsWith("2026-10-1"))).toBe(true);

    await page.getByLabel("From (UTC)").fill("soon");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Enter a date like 23 Nov 2026.")).toBeVisible();
    await expect(page.getByLabel("From (UTC)")).toHaveValue("soon");
  });

  test("the export for a spreadsheet is in the reader's language, formats, zone and separator", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInAsDemo(page, MASTER);
    // The night Berlin turned its clocks back (01:00 UTC): 02:00 to 03:00 happened twice.
    await withConsoleStore((c) =>
      c.query(
        `INSERT INTO console_audit_log (client_id, organization_id, operation_id, target, outcome, actor, actor_role, created_at)
         SELECT o.client_id, o.id, 'updateClientUser', 'Kiel;Nord ' || n, 'success', 'key holder', 'owner',
                timestamptz '2026-10-24T20:00:00Z' + n * interval '1 hour'
         FROM generate_series(0, 23) AS n, console_organizations o
         WHERE o.client_id = 'cl_demo_northwind'`,
      ),
    );
    await context.addCookies([
      { name: "console_language", value: "de", url: baseURL! },
      { name: "console_formats", value: "de-DE", url: baseURL! },
      { name: "console_time_zone", value: "Europe/Berlin", url: baseURL! },
    ]);
    await page.goto("/audit?from=2026-10-24&to=2026-10-25&operation=updateClientUser");
    await expect(page.getByTestId("audit-row").filter({ hasText: "Kiel;Nord" })).toHaveCount(24);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Für Tabellenkalkulation exportieren" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/-spreadsheet\.csv$/);
    const bytes = readFileSync(await file.path());
    // A byte-order mark: a spreadsheet reads the file as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).trim().split("\r\n");
    expect(lines[0]).toBe(
      "Zeit (Europe/Berlin);Vorgangs-ID;Vorgang;Ziel;Ergebnis;Fehlercode;Idempotenzschlüssel;Details (JSON);Wer;Rolle",
    );
    const ours = lines.filter((l) => l.includes('"Kiel;Nord '));
    expect(ours).toHaveLength(24);
    const at = (n: number) => ours.find((l) => l.includes(`"Kiel;Nord ${n}"`))?.split(";")[0];
    // UTC+2 before the change, UTC+1 after it: 02:00 twice, told apart by the offset.
    expect([at(0), at(4), at(5), at(23)]).toEqual([
      "24.10.2026, 22:00:00 GMT+2",
      "25.10.2026, 02:00:00 GMT+2",
      "25.10.2026, 02:00:00 GMT+1",
      "25.10.2026, 20:00:00 GMT+1",
    ]);
    // The outcome and the role in German; the operation's id kept as its code.
    expect(ours.every((l) => l.includes(";updateClientUser;") && l.includes(";Erfolg;"))).toBe(
      true,
    );
    expect(ours.every((l) => l.endsWith(";key holder;Inhaber"))).toBe(true);

    const unknown = await page.request.get("/audit/export?format=xlsx");
    expect(unknown.status()).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: "invalid_request" });
  });

  test("the export needs a session", async ({ request }) => {
    const response = await request.get("/audit/export");
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ error: "unauthenticated" });
  });

  test("at 1280 px the table shows every column, the idempotency key included", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsDemo(page, MASTER);
    await page.goto("/audit");
    const region = page.getByRole("region", { name: "Audit log entries, newest first" });
    const { scroll, client } = await region.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
  });
});
