import { expect, test } from "./support/test";
import { MASTER, SUB_USER, signInAsDemo } from "./support/auth";

test("the list's pages come from the console's server, for a signed-in Master only", async ({
  page,
  request,
}) => {
  expect((await request.get("/api/sub-users")).status()).toBe(401);
  await page.context().clearCookies();
  await signInAsDemo(page, SUB_USER);
  expect((await page.request.get("/api/sub-users")).status()).toBe(403);
  await page.context().clearCookies();
  await signInAsDemo(page, MASTER);
  const answer = await page.request.get("/api/sub-users?q=workshop&status=active&sort=name-desc");
  expect(answer.headers()["cache-control"]).toContain("no-store");
  const body = (await answer.json()) as { items: Record<string, unknown>[]; matched: number };
  expect(body.items.length).toBe(body.matched);
  expect(body.items.every((u) => String(u.name).toLowerCase().includes("workshop"))).toBe(true);
  expect(body.items.every((u) => u.isActive === true && !("haystack" in u))).toBe(true);
  const names = body.items.map((u) => String(u.name));
  expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, "en")));
});
