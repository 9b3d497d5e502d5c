import { randomUUID } from "node:crypto";
import { createServer, type Server, ServerResponse, STATUS_CODES } from "node:http";
import { type Duplex } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { ERROR_CATALOGUE, type ErrorCode } from "@/lib/api/contract/errors";
import { HEADERS } from "@/lib/api/contract/headers";
import { type Logger } from "@/lib/log/logger";
import { type ServiceApp } from "./context";

/** Limits of the HTTP layer; what passes them reaches the request pipeline. */
export const HTTP_LIMITS = {
  /** Request line and headers together (Node's default). */
  maxHeaderBytes: 16 * 1024,
  /** Until the request line and headers have arrived. */
  headersTimeoutMs: 20_000,
  /** Until the whole request, body included, has arrived. */
  requestTimeoutMs: 60_000,
};

function errorBody(code: ErrorCode, message: string): string {
  return JSON.stringify({ error: code, message });
}

/** What the parser refused, as a documented code: every refusal carries `{error, message}`. */
export function classifyClientError(error: NodeJS.ErrnoException): {
  code: ErrorCode;
  message: string;
} {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return {
        code: "request_headers_too_large",
        message: `The request line and headers must be at most ${HTTP_LIMITS.maxHeaderBytes} bytes together.`,
      };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return {
        code: "request_timeout",
        message: `The request did not arrive in full within ${HTTP_LIMITS.requestTimeoutMs / 1000} seconds.`,
      };
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return { code: "payload_too_large", message: "The chunk extensions are too large." };
    default:
      return {
        code: "malformed_request",
        message: "The request is not valid HTTP/1.1 and was not read.",
      };
  }
}

/** Writes a JSON refusal straight to a socket the HTTP parser gave up on, and closes it. */
function refuseOnSocket(socket: Duplex, code: ErrorCode, message: string) {
  const status = ERROR_CATALOGUE[code].status;
  const body = errorBody(code, message);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `${HEADERS.requestId}: ${randomUUID()}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/**
 * The service's HTTP server: Hono's request listener on Node's server, with the limits above
 * and a JSON body on every refusal the HTTP layer makes itself (malformed request, headers too
 * large, timeout, an unusable Host), where Node would otherwise answer with an empty body.
 * While the instance drains, every answer closes its connection, so a proxy's kept-alive
 * connections move to other instances: decided as the answer's head is written, so a call under
 * way when draining begins closes too (here rather than as a middleware of the app, which took
 * every call through one more async step).
 */
export function createServiceServer(
  app: ServiceApp,
  log: Logger,
  lifecycle: { readonly draining: boolean },
): Server {
  const listener = getRequestListener(app.fetch, {
    errorHandler: (error) => {
      log.info("request refused before routing", { error });
      return new Response(
        errorBody("malformed_request", "The request target or Host header is not usable."),
        {
          status: 400,
          headers: {
            "Content-Type": "application/json; charset=utf-8",
            [HEADERS.requestId]: randomUUID(),
            Connection: "close",
          },
        },
      );
    },
  });
  class Answer extends ServerResponse {
    // (Node's own implicit head, for an answer written without one, comes through here too.)
    override writeHead(statusCode: number, ...rest: unknown[]): this {
      if (lifecycle.draining) this.setHeader("Connection", "close");
      return (super.writeHead as (code: number, ...more: unknown[]) => this)(statusCode, ...rest);
    }
  }
  const server = createServer(
    {
      ServerResponse: Answer,
      maxHeaderSize: HTTP_LIMITS.maxHeaderBytes,
      headersTimeout: HTTP_LIMITS.headersTimeoutMs,
      requestTimeout: HTTP_LIMITS.requestTimeoutMs,
      // Node would answer a missing Host with an empty 400; Hono's listener refuses it through
      // the error handler above, with a body.
      requireHostHeader: false,
    },
    listener,
  );
  // CONNECT is a proxy's method; without a listener Node would drop the socket unanswered.
  server.on("connect", (_request, socket: Duplex) => {
    refuseOnSocket(socket, "method_not_allowed", "CONNECT is not supported: this is not a proxy.");
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A response already begun on this socket cannot be followed by another.
    const current = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || current?.headersSent) {
      socket.destroy();
      return;
    }
    const { code, message } = classifyClientError(error);
    log.info("request refused by the HTTP parser", { code: error.code, status: code });
    refuseOnSocket(socket, code, message);
  });
  return server;
}
