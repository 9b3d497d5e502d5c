import { type Page } from "@playwright/test";
import { ERROR_CATALOGUE } from "@/lib/api/contract/errors";
import { LIVE_AVAILABILITY_REASONS, WARNING_CODES } from "@/lib/api/contract/warnings";
import { expect, test } from "./support/test";
import { MASTER, PILOT_SANDBOX, signInAsDemo } from "./support/auth";

/** Every code the service can put in an answer: errors, warnings, live-availability reasons. */
const CODES = [...Object.keys(ERROR_CATALOGUE), ...WARNING_CODES, ...LIVE_AVAILABILITY_REASONS];
const CODE_SHAPED = new RegExp(`\\b(${CODES.join("|")})\\b`, "g");

/**
 * The codes a page shows outside the places meant for them: the small print beside a sentence,
 * and the full answer as the service gave it.
 */
async function codesInWords(page: Page): Promise<string[]> {
  const text = await page.locator("main").evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    for (const kept of copy.querySelectorAll("[data-code-small-print], [data-full-answer]"))
      kept.remove();
    return copy.innerText ?? copy.textContent ?? "";
  });
  return [...new Set(text.match(CODE_SHAPED) ?? [])];
}

/** The operations pages with the documented test data whose answers carry codes. */
const PAGES: { path: string; shows: RegExp }[] = [
  { path: "/parts?oe=ZZZ99999", shows: /\(oe_part_not_found\)/ },
  { path: "/parts?oe=7700+500+168", shows: /\(oe_number_ambiguous\)/ },
  { path: "/parts?oe=SEOPAUSED1&view=article", shows: /\(seo_live_requests_paused\)/ },
  { path: "/parts?oe=1K0+615+301+AA&view=article", shows: /\(live_enrichment_paused\)/ },
  {
    path: "/parts?oe=1K0+615+301+AA&view=article&vehicleType=motorcycle",
    shows: /\(seo_no_exact_match\)/,
  },
  { path: "/vehicles?vin=WVWZZZ1KZ8W000404", shows: /\(vin_not_found\)/ },
  { path: "/vehicles?vin=1HGCM82623A004352", shows: /check digit/ },
  { path: "/vehicles?svcId=svc_unknown_0000", shows: /\(vehicle_not_found\)/ },
  { path: "/recalls?vin=XXXZZZ1KZ8W000001", shows: /\(recall_match_not_found\)/ },
  {
    path: "/catalogue?view=translate&sourceLanguage=de&text=Achse",
    shows: /\(translation_not_found\)/,
  },
  { path: "/requests", shows: /Request log/ },
];

test("no operations page shows an error or warning code without its sentence", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsDemo(page, MASTER);
  for (const { path, shows } of PAGES) {
    await page.goto(path);
    await expect(page.locator("main")).toContainText(shows);
    expect(await codesInWords(page), path).toEqual([]);
  }
  // A document read in the browser: the warning of an omitted holder.
  await page.goto("/scanner");
  const form = page.getByRole("form", { name: "Scanner" });
  await form.getByLabel("What to read").selectOption("vehicle_document");
  await form.getByLabel("Document address (fileUrl)").fill("https://files.example/coc-9.pdf");
  await form.getByRole("button", { name: "Read" }).click();
  await expect(page.getByTestId("scan-warnings")).toContainText("(sensitive_data_omitted)");
  expect(await codesInWords(page), "/scanner").toEqual([]);
});

test("the Intelligence pages word their warnings too", async ({ page }) => {
  await signInAsDemo(page, PILOT_SANDBOX);
  await page.goto("/intelligence");
  await page.getByLabel("OE number").fill("A 000 989 26 03");
  await page.getByRole("button", { name: "Read market intelligence" }).click();
  await expect(page.getByTestId("cluster-intelligence")).toContainText("(insufficient_evidence)");
  expect(await codesInWords(page), "/intelligence").toEqual([]);
});
