import { type IncomingMessage } from "node:http";
import { type Context } from "hono";
import { type Stage } from "./call";
import { type ServiceBindings } from "../context";
import { parseInput, validationError } from "./validate";
import { ApiError } from "../core";

/** The largest request body the service reads; larger ones are refused before or while reading. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The query as a table without a prototype: a parameter named `constructor` or `__proto__` is a
 * parameter like any other. A parameter given twice is refused.
 */
export function readQuery(url: string): Record<string, string> {
  const query = Object.create(null) as Record<string, string>;
  const params = new URL(url).searchParams;
  const repeated = new Set<string>();
  for (const [key, value] of params) {
    if (Object.hasOwn(query, key)) repeated.add(key);
    else query[key] = value;
  }
  if (repeated.size) {
    throw validationError(
      [...repeated].map((k) => ({
        location: "query" as const,
        path: k,
        message: "must be given once",
      })),
    );
  }
  return query;
}

/** What a too large body gets, from the service and from the load balancer before it (deploy/). */
export const TOO_LARGE = {
  error: "payload_too_large",
  message: `The request body must be at most ${MAX_BODY_BYTES} bytes.`,
} as const;

const tooLarge = (limit: number) =>
  new ApiError(
    TOO_LARGE.error,
    `The request body must be at most ${limit} bytes.`,
    {},
    // The rest of the upload is not read: the connection ends with this answer.
    { Connection: "close" },
  );

/**
 * Reads a request body of at most `limit` bytes (`MAX_BODY_BYTES` unless a route allows less):
 * a larger declared `Content-Length` is refused before a byte is read, and a body without one
 * (chunked) is refused as soon as it passes the limit. Nothing beyond the limit is ever held in
 * memory: what still arrives after a refusal flows past unread until the connection closes
 * behind the answer. Every body the service reads is read here (a lint rule holds it).
 */
export async function readBoundedBody(
  request: Request,
  incoming?: IncomingMessage,
  limit = MAX_BODY_BYTES,
): Promise<string> {
  const declared = request.headers.get("content-length");
  if (declared !== null && (!/^\d+$/.test(declared) || Number(declared) > limit))
    throw tooLarge(limit);
  // Node's own stream when served by Node: its web wrapper would keep buffering after we stop.
  if (incoming) return readIncoming(incoming, limit);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const body = new BodyBytes(limit);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!body.add(value)) {
      reader.releaseLock();
      throw tooLarge(limit);
    }
  }
  return body.text();
}

/**
 * A body's bytes, copied as they arrive into one buffer grown to at most `limit`. Never the
 * pieces themselves: each piece Node hands over is a view of a larger read buffer it keeps
 * alive, so a body sent a byte per chunk held some 350 bytes for each byte (measured: 100
 * connections of 8 KiB held 290 MB, 300 ran the heap out).
 */
export class BodyBytes {
  private bytes = Buffer.alloc(0);
  private size = 0;
  constructor(private readonly limit: number) {}

  /** Adds a piece; false, keeping nothing more, once the body would pass its limit. */
  add(piece: Uint8Array): boolean {
    const size = this.size + piece.byteLength;
    if (size > this.limit) return false;
    if (size > this.bytes.length) {
      const grown = Buffer.allocUnsafe(
        Math.min(this.limit, Math.max(size, 2 * this.bytes.length, 1024)),
      );
      this.bytes.copy(grown, 0, 0, this.size);
      this.bytes = grown;
    }
    this.bytes.set(piece, this.size);
    this.size = size;
    return true;
  }

  text(): string {
    return this.bytes.toString("utf8", 0, this.size);
  }

  /** Lets the bytes go (a refused body). */
  clear() {
    this.bytes = Buffer.alloc(0);
    this.size = 0;
  }
}

/** The body of a route's request, read as `readBoundedBody` reads it. */
export function readBodyOf(c: Context<ServiceBindings>, limit = MAX_BODY_BYTES) {
  return readBoundedBody(c.req.raw, c.env?.incoming, limit);
}

/**
 * The client went away (closed, or its connection failed) before its body arrived: its own
 * doing, answered to nobody and logged as the client's, never as the service's failure.
 */
export class BodyAbandoned extends Error {
  constructor(cause?: Error) {
    super("the client left before its request body arrived", { cause });
  }
}

/** A refusal by `readBoundedBody`, for a route that answers it in its own protocol's words. */
export function isBodyTooLarge(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === TOO_LARGE.error;
}

function readIncoming(incoming: IncomingMessage, limit: number): Promise<string> {
  if (incoming.readableEnded) return Promise.resolve("");
  return new Promise((resolve, reject) => {
    const body = new BodyBytes(limit);
    const stop = () => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onError);
      incoming.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      if (!body.add(chunk)) {
        // Still flowing, with no listener: the rest is dropped as it arrives, never kept.
        stop();
        body.clear();
        reject(tooLarge(limit));
      }
    };
    const onEnd = () => {
      stop();
      resolve(body.text());
    };
    const onError = (error: Error) => {
      stop();
      reject(new BodyAbandoned(error));
    };
    const onClose = () => {
      stop();
      reject(new BodyAbandoned());
    };
    incoming.on("data", onData);
    incoming.once("end", onEnd);
    incoming.once("error", onError);
    incoming.once("close", onClose);
  });
}

/** The body as JSON: an empty body is `{}`, another media type `415`, broken JSON `invalid_json`. */
export function parseJsonBody(text: string, contentType: string | undefined): unknown {
  if (text.trim() === "") return {};
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType ?? "")) {
    throw new ApiError("unsupported_media_type", "Send the request body as application/json.");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json", "The request body is not valid JSON.");
  }
}

/**
 * Admission's `read-input`: the input. The connection is given back while a body arrives (a slow upload must not
 * hold one), then path, query and body are parsed against the operation's contract.
 */
export const readInputStage: Stage = async (call) => {
  const { op, http } = call;
  let body: unknown;
  if (op.request.body) {
    call.release();
    const text = await readBodyOf(http);
    call.bodyRead = true;
    body = parseJsonBody(text, http.req.header("content-type"));
  }
  const raw = { params: http.req.param(), query: readQuery(http.req.url), body };
  call.input = { raw, parsed: parseInput(op.request, raw) };
};
