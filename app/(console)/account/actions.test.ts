import { beforeEach, describe, expect, it, vi } from "vitest";
import { type SignedIn } from "@/lib/auth/guards";

/**
 * Red team of savePreferencesAction called directly, as any browser can: hostile input, a key's
 * session, another person's row. The session, the store and the cookie jar are stand-ins.
 */
const state = vi.hoisted(() => ({
  session: undefined as SignedIn | undefined,
  updates: [] as { values: unknown; where: unknown }[],
  cookies: new Map<string, string>(),
}));

vi.mock("@/lib/auth/guards", () => ({
  actionSession: async () => state.session ?? { refused: "unauthenticated" },
}));
vi.mock("drizzle-orm", async (original) => ({
  ...(await original<object>()),
  eq: (_column: unknown, value: unknown) => ({ eq: value }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next-intl/server", () => ({ getTranslations: async () => (key: string) => key }));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    set: (name: string, value: string) => void state.cookies.set(name, value),
    delete: (name: string) => void state.cookies.delete(name),
  }),
}));
vi.mock("@/lib/store/db", () => ({
  getStore: async () => ({
    update: () => ({
      set: (values: unknown) => ({
        where: async (where: unknown) => void state.updates.push({ values, where }),
      }),
    }),
  }),
}));

const { savePreferencesAction } = await import("./actions");

const signedIn = (actor: object) =>
  ({ session: { idHash: "h", organizationId: "o", actor } }) as unknown as SignedIn;
const person = (id: string) =>
  signedIn({ kind: "person", personId: id, email: `${id}@x`, name: id });

beforeEach(() => {
  state.session = undefined;
  state.updates = [];
  state.cookies = new Map();
});

describe("savePreferencesAction", () => {
  it.each([
    null,
    undefined,
    "de",
    42,
    [],
    ["de", "de-DE", "UTC"],
    { language: "../../package", format: "", timeZone: "" },
    { language: "__proto__", format: "", timeZone: "" },
    { language: "", format: "de-DE", timeZone: "x".repeat(1_000_000) },
    { language: "", format: "", timeZone: "Mars/Olympus" },
    { language: "", format: ["de-DE"], timeZone: "" },
    { language: "en" },
    JSON.parse('{"__proto__": {"language": "de"}, "format": "", "timeZone": ""}'),
  ])("refuses %j, writing nothing", async (input) => {
    state.session = person("p-1");
    const result = await savePreferencesAction(input);
    expect(result).toMatchObject({ ok: false, code: "invalid_input" });
    expect(state.updates).toEqual([]);
    expect(state.cookies.size).toBe(0);
  });

  it("refuses without a session", async () => {
    const result = await savePreferencesAction({ language: "de", format: "", timeZone: "" });
    expect(result).toMatchObject({ ok: false });
    expect(state.updates).toEqual([]);
  });

  it("drops extra fields (a person id of someone else) and writes only the caller's row", async () => {
    state.session = person("p-1");
    const result = await savePreferencesAction({
      language: "de",
      format: "de-DE",
      timeZone: "Europe/Berlin",
      personId: "p-2",
      id: "p-2",
      email: "owner@x",
    });
    expect(result).toMatchObject({ ok: true });
    expect(state.updates).toHaveLength(1);
    expect(state.updates[0]!.values).toEqual({
      language: "de",
      formats: "de-DE",
      timeZone: "Europe/Berlin",
    });
    expect(state.updates[0]!.where).toEqual({ eq: "p-1" });
  });

  it("a key's session writes no person's row, only this browser's cookies", async () => {
    state.session = signedIn({ kind: "key" });
    const result = await savePreferencesAction({ language: "", format: "en-US", timeZone: "" });
    expect(result).toMatchObject({ ok: true });
    expect(state.updates).toEqual([]);
    expect(Object.fromEntries(state.cookies)).toEqual({ console_formats: "en-US" });
  });
});
