import { expect, test } from "@playwright/test";
import { clientUser } from "@/lib/api/contract/client-admin";
import { MASTER, signInAsDemo } from "./support/auth";
import { serviceFetch } from "./support/demo";
import { uniqueName, waitForHydration } from "./support/test";

/**
 * A slow connection shows a page's server-rendered form well before its code has loaded. Text
 * typed into it then must survive the page coming alive, and be what the form sends.
 */
test("text typed into a field before the page hydrated is kept, and is what the form sends", async ({
  page,
  baseURL,
}) => {
  const created = await serviceFetch("/client/users", {
    method: "POST",
    body: { name: uniqueName("Workshop Early") },
  });
  const { id } = clientUser.parse(await created.json());
  await signInAsDemo(page, MASTER);

  let heldChunks = 0;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // Only the code of the rename form waits: the page renders and the rest of it hydrates.
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('"subUsers.renameForm"')) {
      heldChunks++;
      await held;
    }
    await route.fulfill({ response, body });
  });
  await page.goto(`/sub-users/${id}`, { waitUntil: "commit" });
  const name = page.getByRole("textbox", { name: "Name" });
  const typed = uniqueName("Typed before the code arrived");
  await name.fill(typed);
  // Typed into the server-rendered field: the form's code is held, the form not yet alive.
  expect(heldChunks).toBeGreaterThan(0);
  expect(
    await page.evaluate(() =>
      Object.keys(document.querySelector('form[aria-label="Rename"]')!).some((key) =>
        key.startsWith("__reactFiber$"),
      ),
    ),
  ).toBe(false);

  release();
  // The page's forms have hydrated and registered their fields.
  await waitForHydration(page, baseURL);
  await expect(name).toHaveValue(typed);

  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  const saved = clientUser.parse(
    await (
      await serviceFetch(`/client/users/${id}`, {
        method: "PATCH",
        body: { isActive: true },
      })
    ).json(),
  );
  expect(saved.name).toBe(typed);
});
