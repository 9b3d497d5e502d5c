import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { AGENT_TOOLS } from "@/lib/api/contract/agent-tools";
import { type OperationDefinition, OPERATION_IDS, OPERATIONS } from "@/lib/api/contract/operations";
import { journalPage } from "@/lib/api/contract/sandbox-controls";
import { parseTrustedProxies } from "@/lib/net/client-address";
import { schema } from "@/service/db/database";
import {
  FAILURES_PER_LOGIN,
  FAILURES_PER_LOGIN_AND_SOURCE,
  FAILURES_PER_SOURCE,
} from "@/service/domain/sign-in-throttle";
import { type RunningService } from "@/service/server";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import { REGISTRATIONS_PER_SOURCE } from "./oauth-protocol";

const svc = serviceForThisFile();
const REDIRECT = "http://127.0.0.1:9/callback";
const VERIFIER = "v".repeat(64);
const CHALLENGE = createHash("sha256").update(VERIFIER).digest("base64url");
let admin: { login: string; password: string };
let pilot: { login: string; password: string };
let sibling: RunningService;
beforeAll(async () => {
  const accounts = svc.service.demo!.accounts;
  admin = accounts.find((a) => a.id === "master-admin")!.serviceSignIn!;
  pilot = accounts.find((a) => a.id === "pilot-sandbox")!.serviceSignIn!;
  sibling = await svc.startSibling();
});

async function register(redirectUris = [REDIRECT]) {
  const res = await fetch(`${svc.url}/oauth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_name: "Test host",
      redirect_uris: redirectUris,
      token_endpoint_auth_method: "none",
    }),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, string>,
  };
}

function authorizeQuery(clientId: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    scope: "mcp:connect mcp:read",
    state: "st",
    ...extra,
  });
}

const approve = (q: URLSearchParams, login: string, password: string, base = svc.url) =>
  fetch(`${base}/oauth/authorize`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...Object.fromEntries(q), login, password, decision: "approve" }),
  });

/** A code for a fresh public client, approved by the Master admin. */
async function codeFor() {
  const clientId = (await register()).body.client_id!;
  const res = await approve(authorizeQuery(clientId), admin.login, admin.password);
  expect(res.status).toBe(302);
  return { clientId, code: new URL(res.headers.get("location")!).searchParams.get("code")! };
}

const token = (
  body: Record<string, string>,
  base = svc.url,
  headers: Record<string, string> = {},
) =>
  fetch(`${base}/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(body),
  });

const redeem = (clientId: string, code: string, base = svc.url) =>
  token(
    {
      grant_type: "authorization_code",
      client_id: clientId,
      code,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    },
    base,
  );

const mcp = (accessToken: string | undefined, body: string, headers: Record<string, string> = {}) =>
  fetch(`${svc.url}/mcp`, {
    method: "POST",
    headers: {
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...headers,
    },
    body,
  });
const LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });

/**
 * A pilot sign-in (JSON) from a loopback address of the test's choosing: the socket is bound to
 * it, so the service sees that peer. Resolves to the answer's status.
 */
function pilotSignInFrom(
  base: string,
  from: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<number> {
  const body = JSON.stringify({ login: pilot.login, password });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}/pilot/sign-in`,
      {
        method: "POST",
        localAddress: from,
        agent: false,
        headers: { "Content-Type": "application/json", ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The pilot sign-in's recorded attempts, newest first, as "source outcome". */
async function attemptSources() {
  const rows = await svc.service.database.db
    .select()
    .from(schema.signInAttempts)
    .where(eq(schema.signInAttempts.surface, "pilot_sign_in"))
    .orderBy(desc(schema.signInAttempts.id));
  return rows.map((r) => `${r.source} ${r.outcome}`);
}

type Tokens = { access_token: string; refresh_token: string; scope: string };

/** Tokens of the Master admin's machine client, with every scope. */
async function machineTokens() {
  const machine = svc.service.demo!.accounts.find((a) => a.id === "master-admin")!.oauthClient!;
  const basic = Buffer.from(`${machine.clientId}:${machine.clientSecret}`).toString("base64");
  const res = await token(
    { grant_type: "client_credentials", scope: "mcp:connect mcp:read mcp:spend" },
    svc.url,
    { Authorization: `Basic ${basic}` },
  );
  return (await res.json()) as Tokens;
}

describe("codes and refresh tokens are used once", () => {
  it("of 12 parallel redemptions of one code on two instances, one gets tokens, which the others revoke", async () => {
    const { clientId, code } = await codeFor();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => redeem(clientId, code, i % 2 ? sibling.url : svc.url)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(11);
    for (const refused of answers.filter((a) => a.status === 400))
      expect(((await refused.json()) as { error: string }).error).toBe("invalid_grant");
    const issued = (await answers.find((a) => a.status === 200)!.json()) as Tokens;
    expect((await mcp(issued.access_token, LIST)).status).toBe(401);
    const refresh = await token({
      grant_type: "refresh_token",
      client_id: clientId,
      refresh_token: issued.refresh_token,
    });
    expect(refresh.status).toBe(400);
  });

  it("of 12 parallel refreshes of one token, at most one succeeds, and the whole grant ends", async () => {
    const { clientId, code } = await codeFor();
    const first = (await (await redeem(clientId, code)).json()) as Tokens;
    expect((await mcp(first.access_token, LIST)).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        token(
          { grant_type: "refresh_token", client_id: clientId, refresh_token: first.refresh_token },
          i % 2 ? sibling.url : svc.url,
        ),
      ),
    );
    const granted = answers.filter((a) => a.status === 200);
    expect(granted.length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.status === 400).length).toBeGreaterThanOrEqual(11);
    // Every token of the grant is revoked: the first access token and whatever a refresh issued.
    expect((await mcp(first.access_token, LIST)).status).toBe(401);
    for (const answer of granted) {
      const next = (await answer.json()) as Tokens;
      expect((await mcp(next.access_token, LIST)).status).toBe(401);
      const again = await token({
        grant_type: "refresh_token",
        client_id: clientId,
        refresh_token: next.refresh_token,
      });
      expect(again.status).toBe(400);
    }
    const live = await svc.service.database.pool.query<{ n: number }>(
      "select count(*)::int as n from oauth_tokens where family_id = $1 and revoked_at is null",
      [`code:${createHash("sha256").update(code).digest("hex")}`],
    );
    expect(live.rows[0]!.n).toBe(0);
  });
});

describe("revocation (RFC 7009) and whose tokens they are", () => {
  it("names the account in the token answer, and a revoked token ends its whole grant", async () => {
    const { clientId, code } = await codeFor();
    const answer = await redeem(clientId, code);
    const issued = (await answer.json()) as Tokens & {
      account_client_id: string;
      account_environment: string;
    };
    expect(issued).toMatchObject({
      account_client_id: "cl_demo_northwind",
      account_environment: "production",
    });
    expect((await mcp(issued.access_token, LIST)).status).toBe(200);
    const revoke = (body: Record<string, string>) =>
      fetch(`${svc.url}/oauth/revoke`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body),
      });
    // Unknown tokens are answered alike; a client that does not authenticate is refused.
    expect((await revoke({ client_id: clientId, token: "mcprt_unknown" })).status).toBe(200);
    expect((await revoke({ client_id: "mcpc_nobody", token: issued.refresh_token })).status).toBe(
      401,
    );
    expect((await mcp(issued.access_token, LIST)).status).toBe(200);
    expect((await revoke({ client_id: clientId, token: issued.refresh_token })).status).toBe(200);
    expect((await mcp(issued.access_token, LIST)).status).toBe(401);
    const refresh = await token({
      grant_type: "refresh_token",
      client_id: clientId,
      refresh_token: issued.refresh_token,
    });
    expect(refresh.status).toBe(400);
  });
});

describe("tokens have an audience (RFC 8707)", () => {
  it("answers invalid_target for another resource, at the consent and at the token endpoint", async () => {
    const clientId = (await register()).body.client_id!;
    const evil = await fetch(
      `${svc.url}/oauth/authorize?${authorizeQuery(clientId, { resource: "https://evil.example/mcp" })}`,
      { redirect: "manual" },
    );
    expect(evil.status).toBe(302);
    expect(new URL(evil.headers.get("location")!).searchParams.get("error")).toBe("invalid_target");
    const approved = await approve(
      authorizeQuery(clientId, { resource: "https://evil.example/mcp" }),
      admin.login,
      admin.password,
    );
    expect(new URL(approved.headers.get("location")!).searchParams.get("error")).toBe(
      "invalid_target",
    );

    // Its own resource, written with a trailing slash, is this server's.
    const own = await approve(
      authorizeQuery(clientId, { resource: `${svc.url}/mcp/` }),
      admin.login,
      admin.password,
    );
    const code = new URL(own.headers.get("location")!).searchParams.get("code")!;
    const wrongTarget = await token({
      grant_type: "authorization_code",
      client_id: clientId,
      code,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
      resource: "https://evil.example/mcp",
    });
    expect(wrongTarget.status).toBe(400);
    expect(((await wrongTarget.json()) as { error: string }).error).toBe("invalid_target");
    const right = await token({
      grant_type: "authorization_code",
      client_id: clientId,
      code,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
      resource: `${svc.url}/mcp`,
    });
    expect(right.status).toBe(200);
    expect((await mcp(((await right.json()) as Tokens).access_token, LIST)).status).toBe(200);
  });

  it("refuses at /mcp a token issued for another resource", async () => {
    const { clientId, code } = await codeFor();
    const issued = (await (await redeem(clientId, code)).json()) as Tokens;
    await svc.service.database.db
      .update(schema.oauthTokens)
      .set({ resource: "https://evil.example/mcp" })
      .where(
        eq(
          schema.oauthTokens.tokenHash,
          createHash("sha256").update(issued.access_token).digest("hex"),
        ),
      );
    const refused = await mcp(issued.access_token, LIST);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });
});

describe("dynamic registration", () => {
  it("takes https and loopback http redirect addresses only, and JSON only", async () => {
    for (const uri of [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "http://evil.example/cb",
      "https://user:secret@app.example/cb",
      "https://app.example/cb#fragment",
      "com.example.app:/cb",
    ]) {
      const refused = await register([uri]);
      expect(refused.status, uri).toBe(400);
      expect(refused.body.error, uri).toBe("invalid_redirect_uri");
    }
    for (const uri of ["https://app.example/cb", "http://localhost:8080/cb", "http://[::1]:7/cb"])
      expect((await register([uri])).status, uri).toBe(201);
    const plain = await fetch(`${svc.url}/oauth/register`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }),
    });
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as { error: string }).error).toBe("invalid_client_metadata");
  });

  it("bounds registrations per source address, also in parallel, and lets unused ones expire", async () => {
    const used = await codeFor();
    const already = await svc.service.database.pool.query<{ n: number }>(
      "select count(*)::int as n from oauth_clients where registered_from is not null and created_at > $1",
      [new Date(svc.clock.now().getTime() - 3_600_000)],
    );
    const room = REGISTRATIONS_PER_SOURCE - already.rows[0]!.n;
    const answers = await Promise.all(Array.from({ length: 60 }, () => register()));
    // Never more than the bound; parallel ones past it may refuse one another, so perhaps fewer.
    const kept = answers.filter((a) => a.status === 201).length;
    expect(kept).toBeLessThanOrEqual(room);
    expect(kept).toBeGreaterThan(0);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBe(60 - kept);
    expect(Number(limited[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited[0]!.body.error).toBe("rate_limit_exceeded");
    // One at a time, the bound is filled exactly.
    let more = 0;
    while ((await register()).status === 201) more++;
    expect(kept + more).toBe(room);

    // A day later the never-used registrations are gone; the one that was used still works.
    const unused = answers.find((a) => a.status === 201)?.body.client_id;
    svc.clock.advance(25 * 3_600_000);
    if (unused) {
      const gone = await fetch(`${svc.url}/oauth/authorize?${authorizeQuery(unused)}`);
      expect(gone.status).toBe(400);
    }
    const usedOne = await fetch(`${svc.url}/oauth/authorize?${authorizeQuery(used.clientId)}`);
    expect(usedOne.status).toBe(200);
    // And the address may register again.
    expect((await register()).status).toBe(201);
  });

  it("shows on the consent page where the code goes, and that the name is self-declared", async () => {
    const res = await fetch(`${svc.url}/oauth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        client_name: "Claude Desktop",
        redirect_uris: ["https://collector.example/oauth/cb"],
        token_endpoint_auth_method: "none",
      }),
    });
    const { client_id } = (await res.json()) as { client_id: string };
    const page = await (
      await fetch(
        `${svc.url}/oauth/authorize?${authorizeQuery(client_id, { redirect_uri: "https://collector.example/oauth/cb" })}`,
      )
    ).text();
    expect(page).toContain("collector.example");
    expect(page).toContain("https://collector.example/oauth/cb");
    expect(page).toMatch(/calling itself <strong>Claude Desktop<\/strong>/);
    expect(page).toContain("has not verified it");
  });
});

describe("password sign-ins are throttled per login and source, per source and per login, across instances", () => {
  it("lets at most a few of 40 parallel wrong passwords be checked, then answers 429 with Retry-After", async () => {
    const clientId = (await register()).body.client_id!;
    const q = authorizeQuery(clientId);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        approve(q, admin.login, `wrong-${i}`, i % 2 ? sibling.url : svc.url),
      ),
    );
    const checked = answers.filter((a) => a.status === 200);
    const throttled = answers.filter((a) => a.status === 429);
    expect(checked.length).toBeLessThanOrEqual(FAILURES_PER_LOGIN_AND_SOURCE);
    expect(checked.length + throttled.length).toBe(40);
    expect(Number(throttled[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await throttled[0]!.text()).toContain("Too many failed sign-ins");
    // Parallel attempts may refuse one another early; one at a time, the bound fills exactly.
    let more = 0;
    while ((await approve(q, admin.login, "wrong again")).status === 200) more++;
    expect(checked.length + more).toBe(FAILURES_PER_LOGIN_AND_SOURCE);
    // Even the right password waits now; the failures are on record.
    expect((await approve(q, admin.login, admin.password)).status).toBe(429);
    const failed = await svc.service.database.db
      .select()
      .from(schema.signInAttempts)
      .where(
        and(
          eq(schema.signInAttempts.surface, "oauth_consent"),
          eq(schema.signInAttempts.outcome, "failed"),
        ),
      );
    expect(failed.length).toBe(FAILURES_PER_LOGIN_AND_SOURCE);
    expect(JSON.stringify(failed)).not.toContain(admin.login);
    expect(svc.logs.some((l) => l.includes("sign-in throttled"))).toBe(true);
    // Once the window has passed, the right password works again.
    svc.clock.advance(16 * 60_000);
    expect((await approve(q, admin.login, admin.password)).status).toBe(302);
  });

  it("throttles the pilot sign-in the same way, as JSON and as a form", async () => {
    const signIn = (password: string, base = svc.url) =>
      http(base, "POST", "/pilot/sign-in", { body: { login: pilot.login, password } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(`wrong-${i}`, i % 2 ? sibling.url : svc.url)),
    );
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(
      FAILURES_PER_LOGIN_AND_SOURCE,
    );
    const limited = answers.find((a) => a.status === 429)!;
    expect(limited.body).toMatchObject({ error: "rate_limit_exceeded" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    while ((await signIn("wrong again")).status === 401);
    const form = await fetch(`${svc.url}/pilot/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ login: pilot.login, password: pilot.password }),
    });
    expect(form.status).toBe(429);
    svc.clock.advance(16 * 60_000);
    expect((await signIn(pilot.password)).status).toBe(200);
  });

  it("bounds the failures of one source address across logins", async () => {
    const answers = await Promise.all(
      Array.from({ length: FAILURES_PER_SOURCE + 15 }, (_, i) =>
        http(i % 2 ? sibling.url : svc.url, "POST", "/pilot/sign-in", {
          body: { login: `nobody-${i}@example.test`, password: "wrong" },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(FAILURES_PER_SOURCE);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(15);
    svc.clock.advance(16 * 60_000);
  });

  it("30 wrong passwords from one caller leave the account open to another caller", async () => {
    const answers: number[] = [];
    for (let i = 0; i < 30; i++)
      answers.push(await pilotSignInFrom(svc.url, "127.0.0.2", `wrong-${i}`));
    expect(answers.filter((s) => s === 401)).toHaveLength(FAILURES_PER_LOGIN_AND_SOURCE);
    expect(answers.filter((s) => s === 429)).toHaveLength(30 - FAILURES_PER_LOGIN_AND_SOURCE);
    // The guessing caller waits, even with the right password; the account's owner does not.
    expect(await pilotSignInFrom(svc.url, "127.0.0.2", pilot.password)).toBe(429);
    expect(await pilotSignInFrom(sibling.url, "127.0.0.3", pilot.password)).toBe(200);
    svc.clock.advance(16 * 60_000);
  });

  it("ignores X-Forwarded-For from a peer that is no trusted proxy: it neither resets nor moves the count", async () => {
    // Every guess claims another address: all of them count for the socket's peer.
    const forged: number[] = [];
    for (let i = 0; i < FAILURES_PER_LOGIN_AND_SOURCE + 3; i++)
      forged.push(
        await pilotSignInFrom(svc.url, "127.0.0.4", `wrong-${i}`, {
          "X-Forwarded-For": `198.51.100.${i + 1}`,
        }),
      );
    expect(forged.filter((s) => s === 401)).toHaveLength(FAILURES_PER_LOGIN_AND_SOURCE);
    expect(forged.slice(FAILURES_PER_LOGIN_AND_SOURCE).every((s) => s === 429)).toBe(true);
    // Guesses that name another caller's address do not lock that caller out.
    for (let i = 0; i < FAILURES_PER_LOGIN_AND_SOURCE; i++)
      await pilotSignInFrom(svc.url, "127.0.0.5", `wrong-${i}`, {
        "X-Forwarded-For": "127.0.0.6",
      });
    expect(await pilotSignInFrom(svc.url, "127.0.0.6", pilot.password)).toBe(200);
    const sources = await attemptSources();
    expect(sources).not.toContain("127.0.0.6 failed");
    expect(sources.some((s) => s.startsWith("198.51.100."))).toBe(false);
    svc.clock.advance(16 * 60_000);
  });

  it("behind a trusted proxy, counts the client its X-Forwarded-For names, and nothing a client wrote before it", async () => {
    const proxied = await svc.startSibling(undefined, {
      trustedProxies: parseTrustedProxies("127.0.0.1"),
    });
    const answers: number[] = [];
    for (let i = 0; i < 30; i++)
      answers.push(
        await pilotSignInFrom(proxied.url, "127.0.0.1", `wrong-${i}`, {
          // What the client sent, then what the proxy appended.
          "X-Forwarded-For": `198.51.100.${i + 1}, 203.0.113.7`,
        }),
      );
    expect(answers.filter((s) => s === 401)).toHaveLength(FAILURES_PER_LOGIN_AND_SOURCE);
    expect(await attemptSources()).toContain("203.0.113.7 failed");
    // Another client behind the same proxy signs in.
    expect(
      await pilotSignInFrom(proxied.url, "127.0.0.1", pilot.password, {
        "X-Forwarded-For": "203.0.113.8",
      }),
    ).toBe(200);
    // A peer that is not the proxy is itself, whatever it claims.
    expect(
      await pilotSignInFrom(proxied.url, "127.0.0.2", "wrong", {
        "X-Forwarded-For": "203.0.113.9",
      }),
    ).toBe(401);
    expect((await attemptSources())[0]).toBe("127.0.0.2 failed");
    svc.clock.advance(16 * 60_000);
  });

  it("bounds one login's failures from every source together", async () => {
    const proxied = await svc.startSibling(undefined, {
      trustedProxies: parseTrustedProxies("127.0.0.1"),
    });
    const sources = FAILURES_PER_LOGIN / FAILURES_PER_LOGIN_AND_SOURCE;
    const answers = await Promise.all(
      Array.from({ length: sources }, async (_, s) => {
        const statuses: number[] = [];
        for (let i = 0; i < FAILURES_PER_LOGIN_AND_SOURCE; i++)
          statuses.push(
            await pilotSignInFrom(proxied.url, "127.0.0.1", `wrong-${i}`, {
              "X-Forwarded-For": `198.18.0.${s + 1}`,
            }),
          );
        return statuses;
      }),
    );
    expect(answers.flat().filter((s) => s === 401)).toHaveLength(FAILURES_PER_LOGIN);
    // Spread over many addresses, the guesses still stop: the next source waits too.
    expect(
      await pilotSignInFrom(proxied.url, "127.0.0.1", pilot.password, {
        "X-Forwarded-For": "198.18.1.1",
      }),
    ).toBe(429);
    svc.clock.advance(16 * 60_000);
    expect(
      await pilotSignInFrom(proxied.url, "127.0.0.1", pilot.password, {
        "X-Forwarded-For": "198.18.1.1",
      }),
    ).toBe(200);
  });
});

describe("scopes and step-up", () => {
  it("challenges with the read scopes, and refuses a refresh that widens them", async () => {
    const challenge = await mcp(undefined, LIST);
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get("www-authenticate")).toContain('scope="mcp:connect mcp:read"');
    const { clientId, code } = await codeFor();
    const issued = (await (await redeem(clientId, code)).json()) as Tokens;
    expect(issued.scope).toBe("mcp:connect mcp:read");
    const wider = await token({
      grant_type: "refresh_token",
      client_id: clientId,
      refresh_token: issued.refresh_token,
      scope: "mcp:connect mcp:read mcp:spend",
    });
    expect(wider.status).toBe(400);
    expect(((await wider.json()) as { error: string }).error).toBe("invalid_scope");
    // The refused refresh used nothing up: a narrower one works with the same token.
    const narrower = await token({
      grant_type: "refresh_token",
      client_id: clientId,
      refresh_token: issued.refresh_token,
      scope: "mcp:connect",
    });
    expect(narrower.status).toBe(200);
    expect(((await narrower.json()) as Tokens).scope).toBe("mcp:connect");
  });
});

describe("the transport's own rules", () => {
  it("refuses a foreign Origin with 403, before anything else", async () => {
    const { clientId, code } = await codeFor();
    const issued = (await (await redeem(clientId, code)).json()) as Tokens;
    for (const origin of ["http://evil.example", "null", "http://127.0.0.1.evil.example"]) {
      const refused = await mcp(issued.access_token, LIST, { Origin: origin });
      expect(refused.status, origin).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toBe("origin_not_allowed");
    }
    const anonymous = await mcp(undefined, LIST, { Origin: "http://evil.example" });
    expect(anonymous.status).toBe(403);
    const own = await mcp(issued.access_token, LIST, { Origin: new URL(svc.url).origin });
    expect(own.status).toBe(200);
  });

  it("answers a body that is not JSON with JSON-RPC -32700", async () => {
    const { clientId, code } = await codeFor();
    const issued = (await (await redeem(clientId, code)).json()) as Tokens;
    const res = await mcp(issued.access_token, "{ not json");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 } });
  });

  it("refuses a path argument of . or .. (-32602) instead of reaching another operation", async () => {
    const issued = await machineTokens();
    for (const oeNumber of ["..", "."]) {
      const res = await mcp(
        issued.access_token,
        JSON.stringify({
          jsonrpc: "2.0",
          id: 3,
          method: "tools/call",
          params: { name: "parts.get_oe_part", arguments: { oeNumber, idempotencyKey: "dots" } },
        }),
      );
      const body = (await res.json()) as { error?: { code: number } };
      expect(body.error?.code, `${oeNumber}: ${JSON.stringify(body)}`).toBe(-32602);
    }
  });

  it("runs a tool's own operation whatever its path argument spells: no reserved word of the operations table reaches another", async () => {
    const issued = await machineTokens();
    const master = svc.keys["master-admin"];
    const journal = async (before?: number) =>
      journalPage.parse(
        (
          await http(
            svc.url,
            "GET",
            `/_sandbox/journal?limit=200${before ? `&before=${before}` : ""}`,
            {
              key: master,
            },
          )
        ).body,
      );
    const mark = (await journal()).entries[0]?.id ?? 0;
    // Every literal segment any other operation has where a tool's path takes an argument.
    const addresses = OPERATION_IDS.flatMap((id) => {
      const op: OperationDefinition = OPERATIONS[id];
      return [op.path, ...(op.aliases ?? [])].map((path) => ({ id, segments: path.split("/") }));
    });
    const expected = new Map<string, string>();
    let refused = 0;
    let n = 0;
    for (const tool of AGENT_TOOLS) {
      const segments = OPERATIONS[tool.operationId].path.split("/");
      for (const [at, segment] of segments.entries()) {
        const param = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (!param) continue;
        const reserved = new Set(
          addresses
            .filter((a) => a.id !== tool.operationId)
            .map((a) => a.segments[at])
            .filter((word): word is string => !!word && !word.startsWith("{")),
        );
        for (const word of reserved) {
          const res = await mcp(
            issued.access_token,
            JSON.stringify({
              jsonrpc: "2.0",
              id: ++n,
              method: "tools/call",
              params: {
                name: tool.name,
                arguments: {
                  [param]: word,
                  ...("idempotencyKey" in tool.input.shape
                    ? { idempotencyKey: `reserved-${n}` }
                    : {}),
                },
              },
            }),
          );
          const body = (await res.json()) as {
            error?: { code: number };
            result?: {
              structuredContent: { provenance: { operationId: string; requestId: string | null } };
            };
          };
          const call = `${tool.name} ${param}=${word}: ${JSON.stringify(body).slice(0, 300)}`;
          if (body.error) {
            expect(body.error.code, call).toBe(-32602);
            refused++;
            continue;
          }
          const { provenance } = body.result!.structuredContent;
          expect(provenance.operationId, call).toBe(tool.operationId);
          if (provenance.requestId) expected.set(provenance.requestId, tool.operationId);
          if (tool.name === "parts.get_oe_part" && word === "normalize")
            expect(body.result!.structuredContent, call).toMatchObject({
              error: { code: "oe_part_not_found" },
            });
        }
      }
    }
    // Some words fit a tool's arguments, and those calls ran.
    expect(expected.size).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(0);
    // The journal holds each of those calls under its tool's own operation, and nothing else.
    const ran: { requestId: string; operationId: string }[] = [];
    for (let before: number | undefined, page = 0; page < 10; page++) {
      const { entries, nextBefore } = await journal(before);
      ran.push(...entries.filter((e) => e.id > mark));
      if (!nextBefore || entries.some((e) => e.id <= mark)) break;
      before = nextBefore;
    }
    expect(Object.fromEntries(ran.map((e) => [e.requestId, e.operationId]))).toEqual(
      Object.fromEntries(expected),
    );
  });

  it("answers a malformed Basic header at the token endpoint with 401 invalid_client", async () => {
    for (const header of [
      "Basic %%%",
      `Basic ${Buffer.from("no-colon").toString("base64")}`,
      `Basic ${Buffer.from("bad%zzid:secret").toString("base64")}`,
      "Basic ",
    ]) {
      const res = await token({ grant_type: "client_credentials" }, svc.url, {
        Authorization: header,
      });
      expect(res.status, header).toBe(401);
      expect(((await res.json()) as { error: string }).error).toBe("invalid_client");
    }
  });

  it("refuses a pilot sign-in posted with Origin: null", async () => {
    const res = await fetch(`${svc.url}/pilot/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "null" },
      body: new URLSearchParams({ login: pilot.login, password: pilot.password }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe("csrf_token_invalid");
    const consent = await fetch(`${svc.url}/oauth/authorize`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "null" },
      body: new URLSearchParams({ decision: "approve" }),
    });
    expect(consent.status).toBe(403);
  });
});

describe("the authorisation server and the agent endpoint under malformed input", () => {
  it("never answer 5xx, and every refusal says what is wrong", async () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    const pick = <T>(items: readonly T[]) => items[next() % items.length]!;
    const bodies = [
      "",
      "{",
      "null",
      "[]",
      '{"redirect_uris":"https://a.example/cb"}',
      '{"redirect_uris":[42],"grant_types":["password"]}',
      '{"client_name":{"x":1}}',
      "grant_type=authorization_code&code=%ZZ",
      "grant_type=refresh_token&refresh_token=",
      "grant_type=client_credentials&resource=not a url",
      "token=&token_type_hint=refresh_token",
      "x".repeat(20_000),
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"parts.get_oe_part","arguments":{"oeNumber":[".."]}}}',
      '{"jsonrpc":"2.0","method":"initialize"}',
      "\u0000\u0001\u0002",
      "login=%00&password=%00",
    ];
    const types = [
      "application/json",
      "application/x-www-form-urlencoded",
      "text/plain",
      "multipart/form-data; boundary=x",
      "application/json; charset=latin1",
    ];
    const auths = [
      undefined,
      "Basic",
      "Basic !!!",
      `Basic ${Buffer.from(":").toString("base64")}`,
      "Bearer",
      "Bearer mcpat_unknown",
      "Negotiate abc",
    ];
    const targets = [
      ["POST", "/oauth/register"],
      ["POST", "/oauth/token"],
      ["POST", "/oauth/revoke"],
      ["POST", "/oauth/authorize"],
      ["GET", "/oauth/authorize?client_id=%ZZ&redirect_uri=javascript:1&resource=%00"],
      ["POST", "/pilot/sign-in"],
      ["POST", "/mcp"],
      ["GET", "/mcp"],
    ] as const;
    const failures: string[] = [];
    for (let i = 0; i < 240; i++) {
      const [method, path] = pick(targets);
      const auth = pick(auths);
      const res = await fetch(`${svc.url}${path}`, {
        method,
        headers: {
          "Content-Type": pick(types),
          Accept: "application/json, text/event-stream",
          ...(auth ? { Authorization: auth } : {}),
        },
        body: method === "GET" ? undefined : pick(bodies),
      });
      const text = await res.text();
      if (res.status >= 500)
        failures.push(`${method} ${path}: ${res.status} ${text.slice(0, 120)}`);
      if (res.status >= 400 && (res.headers.get("content-type") ?? "").includes("json")) {
        const body = JSON.parse(text) as { error?: unknown; message?: unknown };
        if (body.error === undefined || (typeof body.error === "string" && !body.message))
          failures.push(
            `${method} ${path}: ${res.status} without a message: ${text.slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("the authorisation server's input", () => {
  it("refuses a parameter sent twice (RFC 6749 3.2), even where the last would pass", async () => {
    const res = await fetch(`${svc.url}/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=bogus&grant_type=authorization_code&client_id=a&client_id=b",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("invalid_request");
  });

  it("refuses the NUL character with 400, never a 500", async () => {
    const tokenRes = await token({
      grant_type: "client_credentials",
      client_id: "a\u0000b",
      client_secret: "x",
    });
    expect(tokenRes.status).toBe(400);
    const registered = await fetch(`${svc.url}/oauth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        redirect_uris: [REDIRECT],
        client_name: "A\u0000B",
        token_endpoint_auth_method: "none",
      }),
    });
    expect(registered.status).toBe(400);
    expect(((await registered.json()) as { error: string }).error).toBe("invalid_client_metadata");
    for (const [type, body] of [
      ["application/json", JSON.stringify({ login: "a\u0000b", password: "x" })],
      ["application/x-www-form-urlencoded", "login=a%00b&password=x"],
    ] as const) {
      const signIn = await fetch(`${svc.url}/pilot/sign-in`, {
        method: "POST",
        headers: { "Content-Type": type },
        body,
      });
      expect(signIn.status, type).toBe(400);
    }
  });

  it("reads a media type in any case", async () => {
    const res = await fetch(`${svc.url}/pilot/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "Application/JSON" },
      body: JSON.stringify({ login: "nobody@example.com", password: "wrong" }),
    });
    // Read as JSON: judged on its credentials, not refused for its media type.
    expect(((await res.json()) as { error: string }).error).not.toBe("unsupported_media_type");
    expect(res.status).toBe(401);
  });
});
