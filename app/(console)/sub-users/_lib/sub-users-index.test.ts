import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
vi.mock("@/lib/usage/usage-readings", () => ({
  latestReadings: async () => new Map(),
}));
vi.mock("@/lib/log/console-log", () => ({ consoleLog: () => ({ warn: () => {} }) }));
// The store's versions, as every console instance shares them.
const versions = new Map<string, number>();
vi.mock("@/lib/store/cache-versions", () => ({
  cacheVersion: async (scope: string) => versions.get(scope) ?? 0,
  bumpCacheVersion: async (scope: string) => {
    versions.set(scope, (versions.get(scope) ?? 0) + 1);
  },
}));
const { forgetSubUsers, subUsersPage } = await import("./sub-users-index");

const users = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `cl_${String(i).padStart(5, "0")}`,
    name: `Workshop ${i} ${i % 2 ? "Berlin" : "Hamburg"}`,
    isActive: i % 7 !== 0,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    apiKeys: [],
  }));

function fakeApi(n: number) {
  const listClientUsers = vi.fn(async () => ({ data: { clientUsers: users(n) } }));
  return { api: { listClientUsers } as never, listClientUsers };
}
const params = { q: "", status: "all" as const, sort: "name-asc" as const, page: 1 };

describe("subUsersPage", () => {
  beforeEach(() => forgetSubUsers("m1"));

  it("answers one page with the counts, never the whole list or the search index", async () => {
    const { api } = fakeApi(10_000);
    const page = await subUsersPage(api, "m1", params, { fresh: true });
    expect(page.items).toHaveLength(50);
    expect(page).toMatchObject({ matched: 10_000, total: 10_000, page: 1, pages: 200 });
    expect(page.items[0]).not.toHaveProperty("haystack");
    expect(JSON.stringify(page).length).toBeLessThan(20_000);
  });

  it("searches, filters and sorts on the server", async () => {
    const { api } = fakeApi(1_000);
    const berlin = await subUsersPage(
      api,
      "m1",
      { ...params, q: "berlin", status: "inactive", sort: "created-desc" },
      { fresh: true },
    );
    expect(berlin.matched).toBe(
      users(1_000).filter((u) => u.name.includes("Berlin") && !u.isActive).length,
    );
    expect(berlin.items.every((u) => u.name!.includes("Berlin") && u.isActive === false)).toBe(
      true,
    );
    const created = berlin.items.map((u) => u.createdAt!);
    expect(created).toEqual([...created].sort().reverse());
  });

  it("reads the list for a page view, reuses it for searches, and again after a change", async () => {
    const { api, listClientUsers } = fakeApi(100);
    await subUsersPage(api, "m1", params, { fresh: true });
    await subUsersPage(api, "m1", { ...params, q: "7" }, { fresh: false });
    expect(listClientUsers).toHaveBeenCalledTimes(1);
    await forgetSubUsers("m1");
    await subUsersPage(api, "m1", { ...params, q: "7" }, { fresh: false });
    expect(listClientUsers).toHaveBeenCalledTimes(2);
    await subUsersPage(api, "m1", params, { fresh: true });
    expect(listClientUsers).toHaveBeenCalledTimes(3);
  });

  it("a change through another console instance (a newer version in the store) is read at once", async () => {
    const { api, listClientUsers } = fakeApi(100);
    await subUsersPage(api, "m1", params, { fresh: true });
    versions.set("sub-users:m1", (versions.get("sub-users:m1") ?? 0) + 1);
    await subUsersPage(api, "m1", { ...params, q: "7" }, { fresh: false });
    expect(listClientUsers).toHaveBeenCalledTimes(2);
    await subUsersPage(api, "m1", { ...params, q: "8" }, { fresh: false });
    expect(listClientUsers).toHaveBeenCalledTimes(2);
  });

  it("keeps a bounded number of Masters, dropping the least recently used", async () => {
    const { api, listClientUsers } = fakeApi(3);
    for (let i = 0; i < 40; i++) await subUsersPage(api, `m${i}`, params, { fresh: true });
    listClientUsers.mockClear();
    await subUsersPage(api, "m39", params, { fresh: false });
    expect(listClientUsers).not.toHaveBeenCalled();
    await subUsersPage(api, "m0", params, { fresh: false });
    expect(listClientUsers).toHaveBeenCalledTimes(1);
  });
});
