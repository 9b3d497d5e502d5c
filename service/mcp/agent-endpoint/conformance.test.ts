import { createServer, request, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/lib/net/free-port";
import { conformanceSuite, runScenario } from "@/test/support/mcp-conformance";
import { startTestService, type TestService } from "@/test/support/service-harness";

/**
 * The official MCP conformance suite's server scenarios that apply to the agent endpoint. The
 * suite sends no `Authorization`, so a loopback front adds a bearer token, as a host would; the
 * service is started with that front's address as its public one (tokens are for that resource,
 * and its origin is the endpoint's own), as behind any proxy.
 */
const SCENARIOS = ["server-initialize", "ping", "tools-list", "dns-rebinding-protection"];

let svc: TestService;
let front: Server;
let endpoint: string;
let suite: Awaited<ReturnType<typeof conformanceSuite>>;

beforeAll(async () => {
  suite = await conformanceSuite();
  const port = await freePort();
  svc = await startTestService({ publicUrl: `http://127.0.0.1:${port}` });
  const machine = svc.service.demo!.accounts.find((a) => a.id === "master-admin")!.oauthClient!;
  const issued = await fetch(`${svc.service.address}/oauth/token`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Authorization: `Basic ${Buffer.from(`${machine.clientId}:${machine.clientSecret}`).toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "client_credentials" }),
  });
  const { access_token } = (await issued.json()) as { access_token: string };
  const upstream = new URL(svc.service.address);
  front = createServer((req, res) => {
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, authorization: `Bearer ${access_token}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on("error", () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => front.listen(port, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${port}/mcp`;
}, 300_000);

afterAll(async () => {
  front?.closeAllConnections();
  await new Promise((resolve) => front?.close(resolve));
  await svc?.stop();
});

describe("the official MCP conformance suite (server scenarios)", () => {
  it.each(SCENARIOS)("passes %s", async (scenario) => {
    const { code, output } = await runScenario(suite, endpoint, scenario);
    expect(output, output).not.toMatch(/FAILURE|FAILED/);
    // The suite ran its checks, and every one passed.
    expect(output, output).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    expect(code, output).toBe(0);
  });
});
