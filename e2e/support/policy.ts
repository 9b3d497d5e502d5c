import { type Page } from "@playwright/test";

/**
 * Records the Content-Security-Policy violations a page reports, from its first byte on; the
 * returned function reads those of the current document. Read it before a test injects
 * anything of its own (axe evaluates code the policy refuses).
 */
export async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(
        `${e.violatedDirective} ${e.blockedURI} ${e.sample} ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
}
