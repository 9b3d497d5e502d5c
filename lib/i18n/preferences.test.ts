import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionState } from "@/lib/auth/session";

/**
 * Red team of each request's language, formats and time zone: hostile cookies, a person's stored
 * choices, sessions that ended, and a store that fails. The request's cookies, headers and
 * session are stand-ins.
 */
const request = vi.hoisted(() => ({
  cookies: new Map<string, string>(),
  headers: new Map<string, string>(),
  session: (async () => ({ kind: "none" })) as () => Promise<SessionState>,
  warnings: [] as unknown[][],
}));

vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) =>
      request.cookies.has(name) ? { name, value: request.cookies.get(name)! } : undefined,
  }),
  headers: async () => ({ get: (name: string) => request.headers.get(name) ?? null }),
}));
vi.mock("next/navigation", () => ({ unstable_rethrow: () => undefined }));
vi.mock("@/lib/auth/guards", () => ({ readRenderSession: () => request.session() }));
vi.mock("@/lib/log/console-log", () => ({
  consoleLog: () => ({
    warn: (...args: unknown[]) => void request.warnings.push(args),
    error: () => undefined,
    info: () => undefined,
  }),
}));

const { readPreferences } = await import("./preferences");

function personSession(choices: {
  language: string | null;
  formats: string | null;
  timeZone: string | null;
}): () => Promise<SessionState> {
  return async () =>
    ({
      kind: "active",
      apiKey: "k",
      choices,
      session: { actor: { kind: "person", personId: "p", email: "p@x", name: "P" } },
    }) as unknown as SessionState;
}

beforeEach(() => {
  request.cookies = new Map();
  request.headers = new Map();
  request.session = async () => ({ kind: "none" });
  request.warnings = [];
});

describe("hostile browser cookies", () => {
  it.each([
    ["../../package", "en"],
    ["__proto__", "en"],
    ["constructor", "en"],
    ["en/../de", "en"],
    ["x".repeat(100_000), "en"],
    ["de", "de"],
  ])("a language cookie of %j gives a language with a message file", async (value, expected) => {
    request.cookies.set("console_language", value);
    expect((await readPreferences()).language).toBe(expected);
  });

  it.each([
    "Mars/Olympus",
    "__proto__",
    "",
    "x".repeat(100_000),
    "Europe/Berlin\u0000",
    "../etc/passwd",
  ])("a time zone cookie of %j that Intl refuses falls back to UTC", async (zone) => {
    request.cookies.set("console_time_zone", zone);
    request.cookies.set("console_browser_time_zone", zone);
    const { timeZone } = await readPreferences();
    expect(timeZone).toBe("UTC");
    expect(() => new Intl.DateTimeFormat("en", { timeZone })).not.toThrow();
  });

  it("a formats cookie that is not a format is ignored", async () => {
    request.cookies.set("console_formats", "__proto__");
    request.headers.set("accept-language", "en-US");
    expect((await readPreferences()).format).toBe("en-US");
  });
});

describe("a person's stored choices", () => {
  it("are dropped where no longer valid (an old language, a zone the runtime lost)", async () => {
    request.session = personSession({ language: "fr", formats: "xx-XX", timeZone: "Mars/Base" });
    const p = await readPreferences();
    expect(p).toMatchObject({ language: "en", format: "en-GB", timeZone: "UTC" });
  });

  it("a session that expired or was revoked reads the browser's choices, not the person's", async () => {
    request.cookies.set("console_formats", "en-US");
    for (const kind of ["expired", "revoked", "none"] as const) {
      request.session = async () => ({ kind });
      expect(await readPreferences()).toMatchObject({ keptFor: "browser", format: "en-US" });
    }
  });

  it("a store that fails while reading the session still gives the sign-in page its choices", async () => {
    request.cookies.set("console_formats", "de-DE");
    request.session = async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
    };
    expect(await readPreferences()).toMatchObject({ keptFor: "browser", format: "de-DE" });
    expect(request.warnings).toHaveLength(1);
  });

  // Finding: a person who chose "follow the browser" is given whatever another person (or the
  // same person, earlier) left in this browser's cookies: person A saves German formats and
  // Berlin's time on a shared browser and signs out; person B, who chose nothing, signs in there
  // and reads A's formats and time zone, while B's form says "follow the browser".
  it("a person who chose to follow the browser is not given another person's cookies", async () => {
    // What person A's savePreferencesAction left in this browser.
    request.cookies.set("console_formats", "de-DE");
    request.cookies.set("console_time_zone", "Europe/Berlin");
    request.cookies.set("console_browser_time_zone", "America/New_York");
    request.headers.set("accept-language", "en-US,en;q=0.9");
    // Person B, who chose nothing.
    request.session = personSession({ language: null, formats: null, timeZone: null });
    const p = await readPreferences();
    expect(p.keptFor).toBe("person");
    expect(p.chosen).toEqual({ language: null, format: null, timeZone: null });
    expect(p).toMatchObject({ format: "en-US", timeZone: "America/New_York" });
  });

  it("a person who chose no language reads the browser's, which its sign-in page speaks", async () => {
    request.cookies.set("console_language", "de");
    request.cookies.set("console_formats", "de-DE");
    request.headers.set("accept-language", "en-US,en;q=0.9");
    request.session = personSession({ language: null, formats: null, timeZone: null });
    const p = await readPreferences();
    expect(p).toMatchObject({ language: "de", format: "en-US" });
    request.session = personSession({ language: "en", formats: null, timeZone: null });
    expect(await readPreferences()).toMatchObject({ language: "en" });
  });
});
