import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { gunzipSync } from "node:zlib";
import { expect, test, uniqueName, waitForHydration } from "./support/test";
import {
  CONSOLE_LOG_FILE,
  OTLP_SINK_PORT,
  PORT,
  SECOND_CONSOLE_LOG_FILE,
  SECOND_CONSOLE_PORT,
} from "./support/ports";
import { setUpAuthenticator, signInAsDemoPerson } from "./support/people";

/**
 * No invitation token, password or code reaches an exported trace, a log line or a metric: the
 * second console exports its spans (OTLP over HTTP, JSON) to a sink this file runs on loopback,
 * and an invitation is accepted there.
 */
const FIRST = `http://127.0.0.1:${PORT}`;
const SECOND = `http://127.0.0.1:${SECOND_CONSOLE_PORT}`;
const PASSWORD = "lantern harbour under winter stars";

/** Every body the sink received, decompressed, as text. */
const received: string[] = [];
let sink: Server;

test.beforeAll(async () => {
  sink = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      received.push(
        (req.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8"),
      );
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => sink.listen(OTLP_SINK_PORT, "127.0.0.1", resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => sink.close(resolve));
});

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  arrayValue?: { values?: OtlpValue[] };
}
interface OtlpSpan {
  name: string;
  attributes?: { key: string; value: OtlpValue }[];
}

/** The spans of every body received, each with its string attributes by name. */
function spans(): { name: string; attributes: Record<string, string> }[] {
  return received.flatMap((body) => {
    const parsed = JSON.parse(body) as {
      resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[];
    };
    return (parsed.resourceSpans ?? []).flatMap((r) =>
      (r.scopeSpans ?? []).flatMap((s) =>
        (s.spans ?? []).map((span) => ({
          name: span.name,
          attributes: Object.fromEntries(
            (span.attributes ?? []).map((a) => [a.key, String(a.value.stringValue ?? "")]),
          ),
        })),
      ),
    );
  });
}

/**
 * Every string a body carries but its times (a nanosecond count may hold any six digits): what
 * a code typed must never be part of.
 */
function strings(value: unknown, key = ""): string[] {
  if (typeof value === "string") return /UnixNano$/.test(key) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((v) => strings(v));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => [k, ...strings(v, k)]);
  return [];
}

test("accepting an invitation leaves no token, password or code in traces, logs or metrics", async ({
  browser,
  request,
}) => {
  const owner = await (await browser.newContext({ baseURL: FIRST })).newPage();
  await signInAsDemoPerson(owner, "Olivia Owner");
  const email = `${uniqueName("traced", "-")}@northwind.example`;
  await owner.goto("/organization");
  const invite = owner.getByRole("form", { name: "Invite someone" });
  await invite.getByLabel("Email address").fill(email);
  await invite.getByLabel("Role").selectOption("viewer");
  await invite.getByRole("button", { name: "Invite" }).click();
  const link = (await owner.getByTestId("invitation-link").innerText()).trim();
  const token = /\/invite\/([A-Za-z0-9_-]{43})$/.exec(link)?.[1];
  expect(token, link).toBeDefined();

  // The invitee opens the link on the second console and creates their sign-in there.
  const invitee = await (await browser.newContext({ baseURL: SECOND })).newPage();
  await invitee.goto(`/invite/${token}`);
  // A new context's first page: a click before it hydrates opens nothing (cc3 once).
  await waitForHydration(invitee, SECOND);
  await invitee.getByText("Join with a password and an authenticator app instead").click();
  const join = invitee.getByRole("form", { name: "Create your sign-in" });
  await join.getByLabel("Your name").fill("Tracy Traced");
  await join.getByLabel("A password").fill(PASSWORD);
  const code = await (await setUpAuthenticator(invitee)).code();
  await join.getByLabel("Code from your authenticator app").fill(code);
  await join.getByRole("button", { name: "Create my sign-in and join" }).click();
  await expect(invitee.getByTestId("signed-in-person")).toContainText("Tracy Traced, viewer");

  // The acceptance's spans arrived: the page and the server action posted to it.
  const acceptance = () => spans().filter((s) => s.attributes["next.route"] === "/invite/[token]");
  await expect
    .poll(() => acceptance().map((s) => s.attributes["http.method"]), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(["GET", "POST"]));
  // What the request span records of the address: its shape, not the token.
  expect(acceptance().map((s) => s.attributes["http.target"])).toContainEqual(
    expect.stringMatching(/^\/invite\/\[redacted\]/),
  );

  for (const body of received) {
    expect(body).not.toContain(token);
    expect(body).not.toContain(PASSWORD);
    for (const s of strings(JSON.parse(body))) expect(s).not.toContain(code);
  }
  for (const file of [CONSOLE_LOG_FILE, SECOND_CONSOLE_LOG_FILE])
    expect(readFileSync(file, "utf8"), file).not.toContain(token);
  for (const base of [FIRST, SECOND]) {
    const metrics = await (await request.get(`${base}/metrics`)).text();
    expect(metrics).toContain("console_requests_total");
    expect(metrics, base).not.toContain(token);
  }
});
