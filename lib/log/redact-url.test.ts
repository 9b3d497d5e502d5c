import { describe, expect, it } from "vitest";
import { redactText } from "./logger";
import { REDACTED, redactUrl, redactUrlsIn } from "./redact-url";

/** An invitation token as the console makes them: 32 random bytes, base64url. */
const TOKEN = "q3Xb9vKf0_2mZr8LwP-7tYcN1aHsE4uJdGoVkRi6BnQ";

describe("an address as it may be recorded", () => {
  it("replaces every query value and keeps the names", () => {
    expect(redactUrl("/sso/callback?code=abc123&state=xyz&iss=https%3A%2F%2Fidp")).toBe(
      `/sso/callback?code=${REDACTED}&state=${REDACTED}&iss=${REDACTED}`,
    );
    expect(redactUrl("/vin/callback?state=s1&status=completed&svcId=42&flag&empty=")).toBe(
      `/vin/callback?state=${REDACTED}&status=${REDACTED}&svcId=${REDACTED}&flag&empty=`,
    );
  });

  it("replaces the invitation token, whatever it looks like, and keeps the route's shape", () => {
    expect(redactUrl(`/invite/${TOKEN}`)).toBe(`/invite/${REDACTED}`);
    expect(redactUrl(`/invite/short?_rsc=1x2`)).toBe(`/invite/${REDACTED}?_rsc=${REDACTED}`);
    expect(redactUrl("/invite/[token]")).toBe("/invite/[token]");
  });

  it("replaces long random-looking segments, keeps words, patterns and short ids", () => {
    expect(redactUrl(`/jobs/0b7c2f7e-3f1d-4c0a-9a51-1d2f3e4a5b6c/status`)).toBe(
      `/jobs/${REDACTED}/status`,
    );
    expect(redactUrl(`/oauth/authorize/${TOKEN}`)).toBe(`/oauth/authorize/${REDACTED}`);
    for (const kept of [
      "/sub-users/cl_demo_northwind/rate-limits",
      "/sub-users/[clientId]",
      "/jobs/new",
      "/grants/issued/sonnenschein-vin",
      "/client/users/{clientId}/usage",
      "/received-grants/economic-evaluation-results",
    ])
      expect(redactUrl(kept)).toBe(kept);
  });

  it("keeps scheme and host, drops credentials and fragments", () => {
    expect(redactUrl(`http://127.0.0.1:4110/client/users?page=2#${TOKEN}`)).toBe(
      `http://127.0.0.1:4110/client/users?page=${REDACTED}#${REDACTED}`,
    );
    expect(redactUrl("smtp://mailer:hunter2@mail.example:587/")).toBe(
      `smtp://${REDACTED}@mail.example:587/`,
    );
  });
});

describe("addresses in text", () => {
  it("redacts every address a span name or a message holds, and nothing else", () => {
    expect(redactUrlsIn(`GET /invite/${TOKEN}`)).toBe(`GET /invite/${REDACTED}`);
    expect(redactUrlsIn("fetch POST http://127.0.0.1:4110/oauth/token?code=c0de")).toBe(
      `fetch POST http://127.0.0.1:4110/oauth/token?code=${REDACTED}`,
    );
    expect(redactUrlsIn("answered ?code=c0de&state=s7 late")).toBe(
      `answered ?code=${REDACTED}&state=${REDACTED} late`,
    );
    for (const kept of ["GET /invite/[token]", "Werkstatt A/B", "Why? Nobody knows.", "plain"])
      expect(redactUrlsIn(kept)).toBe(kept);
  });

  it("is what the log redactor applies, beside keys", () => {
    expect(redactText(`accepting /invite/${TOKEN} with svc_test_abc`)).toBe(
      `accepting /invite/${REDACTED} with ${REDACTED}`,
    );
  });
});
