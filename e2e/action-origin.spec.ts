import { clientUser } from "@/lib/api/contract/client-admin";
import { isServerAction } from "./support/actions";
import { MASTER, signInAsDemo } from "./support/auth";
import { serviceFetch } from "./support/demo";
import { expect, test, uniqueName } from "./support/test";

/** The Sub-user's name as the service has it, read with the Master's key outside the browser. */
async function nameOf(clientId: string): Promise<string | null | undefined> {
  const res = await serviceFetch("/client/users");
  expect(res.status).toBe(200);
  const body = (await res.json()) as { clientUsers: unknown[] };
  return body.clientUsers.map((u) => clientUser.parse(u)).find((u) => u.id === clientId)?.name;
}

test("server actions run only for the console's own pages: no Origin or a foreign one is refused with 403", async ({
  page,
}) => {
  const original = uniqueName("Workshop Origin");
  const created = await serviceFetch("/client/users", { method: "POST", body: { name: original } });
  const { id } = (await created.json()) as { id: string };

  await signInAsDemo(page, MASTER);
  await page.goto(`/sub-users/${id}`);
  const renamed = uniqueName("Workshop Same Origin");
  const action = page.waitForRequest(isServerAction);
  await page.getByRole("textbox", { name: "Name" }).fill(renamed);
  await page.getByRole("button", { name: "Rename" }).click();
  // Same-origin: the form works as before.
  await expect(page.getByText("Saved.")).toBeVisible();
  expect(await nameOf(id)).toBe(renamed);

  // The very same action, replayed with the session cookie but another name and no Origin, or a foreign one.
  const sent = await action;
  const headers = await sent.allHeaders();
  const forged = (sent.postData() ?? "").replaceAll(renamed, "Forged name");
  expect(forged).toContain("Forged name");
  // Fetch sets its own length and host; the Origin is what each try varies.
  const withoutOrigin = Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !["origin", "content-length", "host"].includes(name),
    ),
  );
  for (const [what, extra] of [
    ["no Origin", {}],
    ["a foreign Origin", { origin: "https://attacker.example" }],
    ["an opaque Origin", { origin: "null" }],
  ] as const) {
    const res = await page.request.fetch(sent.url(), {
      method: "POST",
      headers: { ...withoutOrigin, ...extra },
      data: forged,
      maxRedirects: 0,
    });
    expect(res.status(), what).toBe(403);
    expect(await res.text(), what).toMatch(/^Refused: this request changes data/);
  }
  expect(await nameOf(id)).toBe(renamed);
});
