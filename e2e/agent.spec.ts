import { createHash, randomBytes } from "node:crypto";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/test";
import { MASTER, signInAsDemo, SUB_USER } from "./support/auth";
import { demoKeys, SERVICE_URL } from "./support/demo";

test("the agent access page shows the state, how to connect and the tool catalogue", async ({
  page,
}) => {
  await signInAsDemo(page, MASTER);
  await page.getByRole("link", { name: "Agent access" }).click();
  await expect(page.getByTestId("agent-access-state")).toContainText("Enabled");
  await expect(page.getByTestId("agent-endpoint")).toHaveText(/\/mcp$/);
  const tools = page.getByTestId("agent-tool");
  await expect(tools).toHaveCount(18);
  const price = tools.filter({ hasText: "parts.get_price" });
  await expect(price).toContainText("Paid");
  await expect(price).toContainText("mcp:connect mcp:spend");
  await price.getByText("Schema").click();
  await expect(price.locator("pre")).toContainText('"idempotencyKey"');
  await expect(tools.filter({ hasText: "account.get_credits" })).toContainText("Free");
});

test("a Sub-user's account is not enabled, and says so plainly", async ({ page }) => {
  await signInAsDemo(page, SUB_USER);
  await page.goto("/agent");
  await expect(page.getByText("Not enabled for your account")).toBeVisible();
});

test("an MCP host is authorised through the consent page with PKCE and lists the tools", async ({
  page,
  request,
}) => {
  const callback = "http://127.0.0.1:9/callback";
  const registered = await request.post(`${SERVICE_URL}/oauth/register`, {
    data: {
      client_name: "Chromium test host",
      redirect_uris: [callback],
      token_endpoint_auth_method: "none",
    },
  });
  expect(registered.status()).toBe(201);
  const { client_id } = (await registered.json()) as { client_id: string };
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  // The host's own callback: the browser is sent there with the code.
  let redirected: URL | undefined;
  await page.route(`${callback}**`, async (route) => {
    redirected = new URL(route.request().url());
    await route.fulfill({
      contentType: "text/plain",
      body: "Authorised; you may close this window.",
    });
  });
  const query = new URLSearchParams({
    response_type: "code",
    client_id,
    redirect_uri: callback,
    code_challenge: challenge,
    code_challenge_method: "S256",
    scope: "mcp:connect mcp:read",
    state: "host-state-1",
  });
  await page.goto(`${SERVICE_URL}/oauth/authorize?${query}`);
  await expect(page.getByRole("heading", { name: "Allow agent access" })).toBeVisible();
  await expect(page.getByText("Chromium test host")).toBeVisible();
  await expect(page.locator("li").filter({ hasText: "mcp:read" })).toBeVisible();
  const admin = demoKeys()["master-admin"].serviceSignIn!;
  await page.getByLabel("Login").fill(admin.login);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Authorised; you may close this window.")).toBeVisible();
  expect(redirected?.searchParams.get("state")).toBe("host-state-1");
  const code = redirected!.searchParams.get("code")!;
  const token = await request.post(`${SERVICE_URL}/oauth/token`, {
    form: {
      grant_type: "authorization_code",
      client_id,
      code,
      redirect_uri: callback,
      code_verifier: verifier,
    },
  });
  expect(token.status()).toBe(200);
  const { access_token } = (await token.json()) as { access_token: string };
  const rpc = (id: number, method: string, params: Record<string, unknown> = {}) =>
    request.post(`${SERVICE_URL}/mcp`, {
      headers: {
        Authorization: `Bearer ${access_token}`,
        Accept: "application/json, text/event-stream",
        "Content-Type": "application/json",
      },
      data: { jsonrpc: "2.0", id, method, params },
    });
  const init = await rpc(1, "initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "chromium-test", version: "1" },
  });
  expect(init.status()).toBe(200);
  const list = await rpc(2, "tools/list");
  const tools = ((await list.json()) as { result: { tools: { name: string }[] } }).result.tools;
  expect(tools.map((t) => t.name)).toContain("account.get_credits");
});

test("the console connects as an MCP client through the consent page and its playground calls tools", async ({
  page,
}) => {
  await signInAsDemo(page, MASTER);
  await page.goto("/agent");
  await page.getByRole("button", { name: "Connect the console" }).click();
  await expect(page.getByRole("heading", { name: "Allow agent access" })).toBeVisible();
  await expect(page.getByText("Operations console")).toBeVisible();
  const admin = demoKeys()["master-admin"].serviceSignIn!;
  await page.getByLabel("Login").fill(admin.login);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("The console is connected to the agent endpoint.")).toBeVisible();
  await expect(page.getByTestId("agent-connection")).toContainText("mcp:spend");
  // The tokens stay on the console's server: nothing token-shaped reaches the browser.
  const tokenShaped = /mcp(at|rt|s)_[A-Za-z0-9_-]{20}/;
  expect(await page.content()).not.toMatch(tokenShaped);
  for (const cookie of await page.context().cookies())
    expect(cookie.value).not.toMatch(tokenShaped);

  await page.getByLabel("Tool", { exact: true }).selectOption("account.get_credits");
  await page.getByRole("button", { name: "Call the tool" }).click();
  await expect(page.getByTestId("tool-data")).toContainText("cl_demo_northwind");
  await expect(page.getByTestId("tool-billing")).toContainText('"not_charged"');
  await expect(page.getByTestId("tool-provenance")).toContainText('"confidence": null');
  await expect(page.getByTestId("tool-error")).toHaveText("—");
  await expectNoAxeViolations(page, "this page");

  await page.getByLabel("Tool", { exact: true }).selectOption("parts.get_oe_part");
  await expect(page.getByLabel("Arguments (JSON)")).toHaveValue(
    /"idempotencyKey": "[0-9a-f-]{36}"/,
  );
  const args = JSON.parse(await page.getByLabel("Arguments (JSON)").inputValue()) as Record<
    string,
    string
  >;
  await page.getByLabel("Arguments (JSON)").fill(JSON.stringify({ ...args, oeNumber: "ZZZ99999" }));
  await page.getByRole("button", { name: "Call the tool" }).click();
  await expect(page.getByTestId("tool-error")).toContainText('"oe_part_not_found"');
  await expect(page.getByTestId("tool-billing")).toContainText('"refunded"');

  await page.getByLabel("Arguments (JSON)").fill("{ not json");
  await page.getByRole("button", { name: "Call the tool" }).click();
  await expect(page.getByText("Write the arguments as a JSON object.")).toBeVisible();
  await expect(page.getByLabel("Arguments (JSON)")).toHaveValue("{ not json");

  await page.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByRole("button", { name: "Connect the console" })).toBeVisible();
});
