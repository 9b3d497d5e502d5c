import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { serviceFetch } from "./demo";

/**
 * A fresh partner workspace of the demo Master whose allowlist holds only `endpointKeys`, created
 * on the service directly; returns its key (shown once, kept by the test only).
 */
export async function limitedKey(endpointKeys: string[]): Promise<string> {
  const response = await serviceFetch("/client/partner-workspaces", {
    method: "POST",
    body: {
      name: `Allowlist test ${randomUUID().slice(0, 8)}`,
      externalReference: `allowlist-${randomUUID()}`,
      endpointKeys,
    },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { apiKey: { key: string } }).apiKey.key;
}

/** Signs the console in with a raw key. */
export async function signInWithKey(page: Page, key: string) {
  await page.goto("/sign-in");
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Sign in with the key", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
}
