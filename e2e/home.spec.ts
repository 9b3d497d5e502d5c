import { expect, test } from "./support/test";
import { MASTER, signInAsDemo } from "./support/auth";
import { OPERATIONS } from "@/lib/api/contract/operations";
import { SERVICE_URL } from "./support/demo";

test("the overview shows the embedded service as reachable with its interface version", async ({
  page,
}) => {
  await signInAsDemo(page, MASTER);
  await expect(page.getByTestId("service-status")).toHaveText("Reachable");
  await expect(page.getByTestId("service-ping")).toContainText("Accepted (ping ok");
  await expect(page.getByTestId("service-version")).toHaveText("1.71.0");
  await expect(page.getByText("(embedded reference service)")).toBeVisible();
});

test("every console page carries a nonce-based CSP and the security headers", async ({ page }) => {
  const response = await page.goto("/sign-in");
  const headers = response!.headers();
  const csp = headers["content-security-policy"]!;
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["strict-transport-security"]).toContain("max-age=");
  expect(headers["referrer-policy"]).toBeTruthy();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  const second = await page.goto("/sign-in");
  expect(second!.headers()["content-security-policy"]).not.toBe(csp);
});

test("a console page is compressed for a browser that accepts it (CONSOLE_COMPRESS defaults to on)", async ({
  baseURL,
}) => {
  const compressed = await fetch(`${baseURL}/sign-in`, { headers: { "accept-encoding": "gzip" } });
  expect(compressed.headers.get("content-encoding")).toBe("gzip");
  expect(await compressed.text()).toContain("<html");
  const plain = await fetch(`${baseURL}/sign-in`, { headers: { "accept-encoding": "identity" } });
  expect(plain.headers.get("content-encoding")).toBeNull();
});

test("an unknown console address shows the not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("the service's API reference page lists the operations for people", async ({ page }) => {
  await page.goto(`${SERVICE_URL}/reference`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Vehicle, Parts and Market-Intelligence Service" }),
  ).toBeVisible();
  await page.getByText("client-administration", { exact: true }).first().click();
  // The renderer draws an operation when it is opened from the navigation.
  const open = async (summary: string, route: string) => {
    await page.getByText(summary, { exact: true }).first().click();
    return page.locator(`[id$='tag/client-administration/${route}']`);
  };
  await expect(
    await open(OPERATIONS.createPartnerWorkspace.summary, "POST/client/partner-workspaces"),
  ).toContainText("/client/partner-workspaces");
  await expect(await open(OPERATIONS.createClientUser.summary, "POST/client/users")).toContainText(
    "Not replay-safe",
  );
  await page.getByRole("link", { name: "/openapi.json" }).click();
  await expect(page).toHaveURL(/openapi\.json$/);
});
