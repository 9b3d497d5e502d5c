import { type APIResponse, type Page, type Request } from "@playwright/test";

/** A server action's request: a POST carrying Next.js's `Next-Action` header. */
export const isServerAction = (r: Request) => r.method() === "POST" && !!r.headers()["next-action"];

/**
 * Sends a server action's request again, as it was posted (or with `body` instead of its own),
 * from another signed-in page: a person posting directly what their own page would not offer
 * them, or what no form would send. The answer's text.
 */
export async function postActionAs(page: Page, posted: Request, body?: string): Promise<string> {
  const answer: APIResponse = await page.request.post(posted.url(), {
    headers: {
      "Next-Action": posted.headers()["next-action"]!,
      "Content-Type": posted.headers()["content-type"] ?? "text/plain;charset=UTF-8",
      Origin: new URL(posted.url()).origin,
      Accept: "text/x-component",
    },
    data: body ?? posted.postData() ?? "[]",
  });
  return answer.text();
}

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

/**
 * Lets form posts to `url` reach the console, then drops their answers on the way back, as a
 * network cut would (at most `times` of them). Returns how many posts were sent.
 */
export async function loseActionAnswers(page: Page, url: string, times = Infinity) {
  const sent = { posts: 0 };
  await page.route(url, async (route) => {
    if (route.request().method() === "POST" && sent.posts < times) {
      sent.posts++;
      await route.fetch();
      await route.abort("connectionreset");
      return;
    }
    await route.continue();
  });
  return sent;
}
