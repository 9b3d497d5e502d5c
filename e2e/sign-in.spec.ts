import { expect, test } from "./support/test";
import { MASTER, signInAsDemo, SUB_USER } from "./support/auth";
import { demoKeys } from "./support/demo";

test.describe("sign-in", () => {
  test("an unauthenticated visitor is sent to sign-in", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(
      page.getByRole("heading", { name: "Sign in to the service console" }),
    ).toBeVisible();
  });

  test("a pasted Master key signs in; the cookie is an opaque __Host- session id", async ({
    page,
    context,
  }) => {
    const key = demoKeys()["master-admin"].apiKey;
    await page.goto("/sign-in");
    await page.getByLabel("API key").fill(key);
    await page.getByRole("button", { name: "Sign in with the key", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.getByTestId("signed-in-client")).toContainText("cl_demo_northwind");
    await expect(page.getByTestId("signed-in-client")).toContainText("Master client");
    const cookies = await context.cookies();
    // Besides the session, at most the browser's own time zone, as its script reported it.
    expect(
      cookies.map((c) => c.name).filter((name) => name !== "console_browser_time_zone"),
    ).toEqual(["__Host-console_session"]);
    const cookie = cookies.find((c) => c.name === "__Host-console_session");
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
    expect(cookie!.value).not.toContain(key);
  });

  test("a refused key gives a clear message next to the field and no session", async ({
    page,
    context,
  }) => {
    await page.goto("/sign-in");
    await page.getByLabel("API key").fill("svc_live_" + "Z".repeat(32));
    await page.getByRole("button", { name: "Sign in with the key", exact: true }).click();
    await expect(
      page.getByText("This API key is not valid. Check that you copied it completely."),
    ).toBeVisible();
    await expect(page.getByLabel("API key")).toHaveValue("svc_live_" + "Z".repeat(32));
    expect((await context.cookies()).map((c) => c.name)).not.toContain("__Host-console_session");
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("an empty key is refused in the browser before anything is sent", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "Sign in with the key", exact: true }).click();
    await expect(page.getByText("Paste an API key.")).toBeVisible();
  });

  test("each sign-in gets a new session id, and sign-out ends the session on the server", async ({
    page,
    context,
  }) => {
    await signInAsDemo(page, MASTER);
    const session = async () =>
      (await context.cookies()).find((c) => c.name === "__Host-console_session");
    const first = await session();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByText("You are signed out.")).toBeVisible();
    // The old cookie no longer opens a session, even if a copy of it was kept.
    await context.addCookies([first!]);
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in\?reason=expired$/);
    await signInAsDemo(page, MASTER);
    expect((await session())!.value).not.toBe(first!.value);
  });

  test("a Sub-user signs in and sees no Master pages", async ({ page }) => {
    await signInAsDemo(page, SUB_USER);
    await expect(page.getByTestId("signed-in-client")).toContainText("Sub-user");
    const nav = page.getByRole("navigation", { name: "Console sections" });
    await expect(nav.getByRole("link", { name: "Usage and credit" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sub-users" })).toHaveCount(0);
    await page.goto("/sub-users");
    await expect(page.getByText("Master clients only")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
  });
});
