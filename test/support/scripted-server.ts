import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

type Reply =
  | { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number }
  | { destroy: true }
  | ((req: RecordedRequest, res: ServerResponse) => void | Promise<void>);

/**
 * A real HTTP server whose answers a test scripts in order, per "METHOD /path". It records every
 * request and the highest number of requests it had open at once.
 */
export async function startScriptedServer() {
  const scripts = new Map<string, Reply[]>();
  const requests: RecordedRequest[] = [];
  let open = 0;
  let maxOpen = 0;
  const server = createServer(async (req, res) => {
    open++;
    maxOpen = Math.max(maxOpen, open);
    res.on("close", () => open--);
    let body = "";
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? "/", "http://x");
    const recorded = {
      method: req.method ?? "GET",
      path: url.pathname + url.search,
      headers: req.headers,
      body,
    };
    requests.push(recorded);
    const queue = scripts.get(`${req.method} ${url.pathname}`);
    const reply = queue && queue.length > 1 ? queue.shift()! : queue?.[0];
    if (!reply) {
      res
        .writeHead(404, { "Content-Type": "application/json" })
        .end(JSON.stringify({ error: "not_found", message: "unscripted" }));
      return;
    }
    if (typeof reply === "function") return reply(recorded, res);
    if ("destroy" in reply) {
      req.socket.destroy();
      return;
    }
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    res.writeHead(reply.status, { "Content-Type": "application/json", ...reply.headers });
    res.end(reply.body === undefined ? "" : JSON.stringify(reply.body));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    get maxOpen() {
      return maxOpen;
    },
    /** Answers for one method and path, used in order; the last one repeats. */
    script(route: string, ...replies: Reply[]) {
      scripts.set(route, replies);
    },
    reset() {
      scripts.clear();
      requests.length = 0;
      maxOpen = 0;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
