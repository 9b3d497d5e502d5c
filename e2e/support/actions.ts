import { type Page, type Request } from "@playwright/test";

/** A server action's request: a POST carrying Next.js's `Next-Action` header. */
export const isServerAction = (r: Request) => r.method() === "POST" && !!r.headers()["next-action"];

export interface ActionAnswer {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Records the server-action answers to requests matching `url`, reading each on a route before
 * handing it to the page: Chromium may drop a streamed action body before a response listener
 * can read it. Other requests pass untouched. An answer is recorded before the page sees it.
 */
export async function recordActionAnswers(
  page: Page,
  url: string | ((url: URL) => boolean),
): Promise<ActionAnswer[]> {
  const answers: ActionAnswer[] = [];
  await page.route(url, async (route) => {
    const request = route.request();
    if (!isServerAction(request)) return route.continue();
    const response = await route.fetch({ maxRedirects: 0 });
    const body = await response.text();
    answers.push({ url: request.url(), headers: response.headers(), body });
    await route.fulfill({ response, body });
  });
  return answers;
}
