/**
 * Sends a call to the service again while it answers `429 client_request_in_progress`: another
 * request of the same Client is under way (the console reading for it, say). That refusal comes
 * before any work, so repeating it is safe even for a create; it is waited out as the service's
 * `Retry-After` says, as the console's own client does. Any other answer goes to the test.
 */
export async function waitOutBusyClient(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await send();
    if (response.status !== 429 || attempt >= 20) return response;
    const body = (await response.clone().json()) as { error?: string };
    if (body.error !== "client_request_in_progress") return response;
    const retryAfter = Number(response.headers.get("Retry-After") ?? 0);
    await new Promise((r) => setTimeout(r, Math.max(retryAfter * 1000, 100 * attempt)));
  }
}
