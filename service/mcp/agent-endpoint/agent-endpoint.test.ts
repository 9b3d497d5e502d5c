import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { agentToolResult } from "@/lib/api/contract/agent-tools";
import { schema } from "@/service/db/database";
import { DEMO_IDS } from "@/service/seed/demo-data";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile();
let machine: { clientId: string; clientSecret: string };
beforeAll(() => {
  machine = svc.service.demo!.accounts.find((a) => a.id === "master-admin")!.oauthClient!;
});

async function clientCredentialsToken(scope?: string) {
  const res = await fetch(`${svc.url}/oauth/token`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Authorization: `Basic ${Buffer.from(`${machine.clientId}:${machine.clientSecret}`).toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "client_credentials", ...(scope ? { scope } : {}) }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; scope: string; expires_in: number };
}

/** A tools/list at the agent endpoint with this token, by plain HTTP. */
const mcpStatus = (token: string) =>
  fetch(`${svc.url}/mcp`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });

async function connect(token: string) {
  const client = new Client({ name: "service-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${svc.url}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** The indicative price of the documented OE number: a paid tool (parts_price, 12 cents). */
const PRICE_ARGS = {
  oeNumber: "1K0615301AA",
  condition: "used",
  currency: "EUR",
  vehicleType: "car",
};

const balance = async () =>
  JSON.stringify(
    (await http(svc.url, "GET", "/client/credits", { key: svc.keys["master-admin"] })).body,
  );

describe("the agent endpoint", () => {
  it("is discovered from the 401 challenge and its metadata", async () => {
    const res = await fetch(`${svc.url}/mcp`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    const challenge = res.headers.get("www-authenticate")!;
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
    expect(((await res.json()) as { error: string }).error).toBe("invalid_token");
    const resource = (await (await fetch(metadataUrl)).json()) as {
      resource: string;
      authorization_servers: string[];
      scopes_supported: string[];
    };
    expect(resource.resource).toBe(`${svc.url}/mcp`);
    expect(resource.scopes_supported).toEqual(["mcp:connect", "mcp:read", "mcp:spend"]);
    const as = (await (
      await fetch(`${resource.authorization_servers[0]}/.well-known/oauth-authorization-server`)
    ).json()) as Record<string, unknown>;
    expect(as).toMatchObject({
      token_endpoint: `${svc.url}/oauth/token`,
      registration_endpoint: `${svc.url}/oauth/register`,
      code_challenge_methods_supported: ["S256"],
    });
  });

  it("lists the tools generated from the table and runs free and paid calls through the REST pipeline", async () => {
    // Without a scope a client gets no spending; it asks for it by name.
    expect((await clientCredentialsToken()).scope).toBe("mcp:connect mcp:read");
    const token = await clientCredentialsToken("mcp:connect mcp:read mcp:spend");
    expect(token.scope).toBe("mcp:connect mcp:read mcp:spend");
    const client = await connect(token.access_token);
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "account.get_credits",
        "vin.get_parts",
        "parts.get_price",
        "jobs.get_vin_parts_job",
      ]),
    );
    const price = tools.find((t) => t.name === "parts.get_price")!;
    expect(price._meta).toMatchObject({
      costClass: "metered",
      scopes: ["mcp:connect", "mcp:spend"],
    });
    expect(price.inputSchema.required).toContain("idempotencyKey");
    // The result's data is described by the operation's own response schema.
    const data = (price.outputSchema!.properties as Record<string, { anyOf?: unknown[] }>).data!;
    expect(JSON.stringify(data)).toContain("priceRecommendation");

    const free = await client.callTool({ name: "account.get_credits", arguments: {} });
    const credits = agentToolResult.parse(free.structuredContent);
    expect(credits.data).toMatchObject({ clientId: DEMO_IDS.northwind });
    expect(credits.billing.status).toBe("not_charged");
    expect(credits.provenance.confidence).toBeNull();

    const before = await balance();
    const paid = agentToolResult.parse(
      (
        await client.callTool({
          name: "parts.get_price",
          arguments: { ...PRICE_ARGS, idempotencyKey: "mcp-price-1" },
        })
      ).structuredContent,
    );
    expect(paid.error).toBeNull();
    expect(paid.billing).toMatchObject({
      costClass: "metered",
      status: "charged",
      source: "balance",
    });
    expect(paid.billing.usageEventId).toMatch(/^\d+$/);
    const after = await balance();
    expect(after).not.toBe(before);
    // The charge is the REST price: the same call by REST costs the same.
    const [event] = await svc.service.database.db
      .select()
      .from(schema.usageEvents)
      .where(eq(schema.usageEvents.id, Number(paid.billing.usageEventId)));
    expect(event).toMatchObject({
      endpointKey: "parts_price",
      amountMinor: 12,
      clientId: DEMO_IDS.northwind,
    });

    const replay = agentToolResult.parse(
      (
        await client.callTool({
          name: "parts.get_price",
          arguments: { ...PRICE_ARGS, idempotencyKey: "mcp-price-1" },
        })
      ).structuredContent,
    );
    expect(replay.billing.status).toBe("replayed");
    expect(await balance()).toBe(after);

    const unkeyed = await client.callTool({
      name: "parts.get_price",
      arguments: PRICE_ARGS,
    });
    expect(unkeyed.isError).toBe(true);
    expect(agentToolResult.parse(unkeyed.structuredContent).error?.code).toBe(
      "idempotency_key_required",
    );
    expect(await balance()).toBe(after);

    // Usage made through the agent endpoint is usage like any other.
    const usage = (await http(svc.url, "GET", "/client/usage", { key: svc.keys["master-admin"] }))
      .body as {
      endpoints: { endpointKey: string; calls: number }[];
    };
    expect(
      usage.endpoints.find((e) => e.endpointKey === "parts_price")?.calls,
    ).toBeGreaterThanOrEqual(1);

    await expect(client.callTool({ name: "no.such_tool", arguments: {} })).rejects.toMatchObject({
      code: -32602,
    });
    await expect(
      client.callTool({
        name: "parts.get_price",
        arguments: { oeNumber: 42, idempotencyKey: "x" },
      }),
    ).rejects.toMatchObject({ code: -32602 });
    const refused = agentToolResult.parse(
      (
        await client.callTool({
          name: "vin.get_vehicle",
          arguments: { vin: "WVWZZZ1KZ8W000404", idempotencyKey: "mcp-404" },
        })
      ).structuredContent,
    );
    expect(refused.error).toMatchObject({
      code: "vin_not_found",
      category: "not_found",
      billingStatus: "refunded",
    });
    await client.close();
  });

  it("refuses a tool beyond the token's scopes, an expired token, a REST key and a disabled account", async () => {
    const readOnly = await clientCredentialsToken("mcp:connect mcp:read");
    const call = (token: string, name: string, args: Record<string, unknown>) =>
      fetch(`${svc.url}/mcp`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${token}`,
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          "MCP-Protocol-Version": "2025-06-18",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 7,
          method: "tools/call",
          params: { name, arguments: args },
        }),
      });
    const scoped = await call(readOnly.access_token, "parts.get_price", {
      oeNumber: "1K0615301AA",
      idempotencyKey: "s",
    });
    expect(scoped.status).toBe(403);
    expect(scoped.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
    expect(scoped.headers.get("www-authenticate")).toContain('scope="mcp:connect mcp:spend"');
    expect(((await scoped.json()) as { error: string }).error).toBe("insufficient_scope");
    expect((await call(readOnly.access_token, "account.get_credits", {})).status).toBe(200);

    const rest = await call(svc.keys["master-admin"], "account.get_credits", {});
    expect(rest.status).toBe(401);

    const token = await clientCredentialsToken();
    svc.clock.advance(16 * 60_000);
    const expired = await call(token.access_token, "account.get_credits", {});
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toContain('error="invalid_token"');

    const fresh = await clientCredentialsToken();
    await svc.service.database.db
      .update(schema.clients)
      .set({ agentAccess: false })
      .where(eq(schema.clients.id, DEMO_IDS.northwind));
    const disabled = await call(fresh.access_token, "account.get_credits", {});
    expect(disabled.status).toBe(403);
    expect(((await disabled.json()) as { error: string }).error).toBe("agent_access_not_enabled");
    await svc.service.database.db
      .update(schema.clients)
      .set({ agentAccess: true })
      .where(eq(schema.clients.id, DEMO_IDS.northwind));
  });

  it("runs the authorisation-code flow with PKCE, dynamic registration and rotating refresh tokens", async () => {
    const reg = await fetch(`${svc.url}/oauth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        client_name: "Test host",
        redirect_uris: ["http://127.0.0.1:9/callback"],
        token_endpoint_auth_method: "none",
      }),
    });
    expect(reg.status).toBe(201);
    const { client_id } = (await reg.json()) as { client_id: string };
    const verifier = "v".repeat(64);
    const challenge = (await import("node:crypto"))
      .createHash("sha256")
      .update(verifier)
      .digest("base64url");
    const q = new URLSearchParams({
      response_type: "code",
      client_id,
      redirect_uri: "http://127.0.0.1:9/callback",
      code_challenge: challenge,
      code_challenge_method: "S256",
      scope: "mcp:connect mcp:read",
      state: "st-1",
    });
    const consent = await fetch(`${svc.url}/oauth/authorize?${q}`);
    expect(consent.status).toBe(200);
    expect(await consent.text()).toContain("mcp:read");
    const admin = svc.service.demo!.accounts.find((a) => a.id === "master-admin")!.serviceSignIn!;
    const approve = await fetch(`${svc.url}/oauth/authorize`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        ...Object.fromEntries(q),
        login: admin.login,
        password: admin.password,
        decision: "approve",
      }),
    });
    expect(approve.status).toBe(302);
    const back = new URL(approve.headers.get("location")!);
    expect(back.searchParams.get("state")).toBe("st-1");
    const code = back.searchParams.get("code")!;
    const exchange = (body: Record<string, string>) =>
      fetch(`${svc.url}/oauth/token`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ client_id, ...body }),
      });
    const wrongVerifier = await exchange({
      grant_type: "authorization_code",
      code,
      redirect_uri: "http://127.0.0.1:9/callback",
      code_verifier: "w".repeat(64),
    });
    expect(wrongVerifier.status).toBe(400);
    const tokens = (await (
      await exchange({
        grant_type: "authorization_code",
        code,
        redirect_uri: "http://127.0.0.1:9/callback",
        code_verifier: verifier,
      })
    ).json()) as { access_token: string; refresh_token: string; scope: string };
    expect(tokens.scope).toBe("mcp:connect mcp:read");
    const client = await connect(tokens.access_token);
    const credits = agentToolResult.parse(
      (await client.callTool({ name: "account.get_credits", arguments: {} })).structuredContent,
    );
    expect(credits.data).toMatchObject({ clientId: DEMO_IDS.northwind });
    await client.close();
    // A refresh token rotates.
    const refreshed = await exchange({
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const rotated = (await refreshed.json()) as { access_token: string };
    expect((await mcpStatus(rotated.access_token)).status).toBe(200);
    // A code is single-use: a second redemption is refused and revokes what the code issued.
    expect(
      (
        await exchange({
          grant_type: "authorization_code",
          code,
          redirect_uri: "http://127.0.0.1:9/callback",
          code_verifier: verifier,
        })
      ).status,
    ).toBe(400);
    expect((await mcpStatus(rotated.access_token)).status).toBe(401);
    // A wrong password keeps the consent page; a denial goes back with access_denied.
    const wrong = await fetch(`${svc.url}/oauth/authorize`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        ...Object.fromEntries(q),
        login: admin.login,
        password: "nope",
        decision: "approve",
      }),
    });
    expect(await wrong.text()).toContain("The login or password is wrong.");
    const denied = await fetch(`${svc.url}/oauth/authorize`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...Object.fromEntries(q), decision: "deny" }),
    });
    expect(new URL(denied.headers.get("location")!).searchParams.get("error")).toBe(
      "access_denied",
    );
  });
});

describe("the agent endpoint's messages", () => {
  it("refuses JSON that is no JSON-RPC message as an invalid request, never a 500", async () => {
    const { access_token } = await clientCredentialsToken();
    for (const body of [
      "null",
      "42",
      '"text"',
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: { toString: 1 } },
      }),
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: null }),
    ]) {
      const res = await fetch(`${svc.url}/mcp`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${access_token}`,
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
        },
        body,
      });
      expect(res.status, body).toBeLessThan(500);
      expect(res.status, body).toBeGreaterThanOrEqual(200);
    }
  });
});
