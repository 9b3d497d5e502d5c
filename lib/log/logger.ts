import pino from "pino";
import { KEY_LIKE_PATTERN } from "@/lib/api/contract/api-keys";
import { traceFields } from "@/lib/observability/trace-context";
import { REDACTED, redactUrlsIn } from "./redact-url";

/**
 * Redaction for every log line either program writes, and for every span either program
 * records (`lib/observability/tracing.ts`). API keys never reach a log, not even a prefix: any
 * value that looks like a key, and any field whose name says it holds one, is replaced before
 * the line is serialised; so is every secret an address carries (`redact-url.ts`: invitation
 * tokens, codes and states in queries).
 */
const SECRET_FIELD =
  /^(x-api-key|apikey|api_key|key|plaintext|password|secret|authorization|cookie|set-cookie|session)$/i;

export { REDACTED };

export function redactText(text: string): string {
  return redactUrlsIn(text.replace(KEY_LIKE_PATTERN, REDACTED));
}

/**
 * `value` with every field whose name says it holds a secret replaced, and every text in it as
 * `cleanText` leaves it; `cleanKey`, where given, cleans the fields' names too (the audit log
 * keeps them: `auditText`).
 */
export function redact(
  value: unknown,
  cleanText: (text: string) => string = redactText,
  cleanKey?: (key: string) => string,
  depth = 0,
): unknown {
  if (depth > 8) return "[truncated]";
  if (typeof value === "string") return cleanText(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, cleanText, cleanKey, depth + 1));
  if (value instanceof Error)
    return { name: cleanText(value.name), message: cleanText(value.message) };
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[cleanKey ? cleanKey(k) : k] = SECRET_FIELD.test(k)
        ? REDACTED
        : redact(v, cleanText, cleanKey, depth + 1);
    return out;
  }
  return value;
}

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** A call's own line at `info` (see `RequestLine`). */
  request(line: RequestLine): void;
  /** Changes the level from now on (a benchmark compares the same process at two levels). */
  setLevel(level: LogLevel): void;
}

/**
 * The line the service writes at `info` for every call it answers. Every value is one the
 * service made or checked itself (ids it drew, a caller's trace id only as 32 hex digits, an
 * operation's id and path template, a status, a documented error code, a duration), never text a
 * caller chose, so the line is written as it is, not walked for secrets. The whole line had cost
 * a fifth of the service's `GET /ping` rate (README, "No regression"); the walk was a third of it.
 */
export interface RequestLine {
  traceId: string;
  spanId: string;
  requestId: string;
  operationId: string;
  method: string;
  path: string;
  clientId: string | undefined;
  status: number | undefined;
  error: string | undefined;
  durationMs: number;
}

/** A number as JSON writes it: one that is not finite is `null`, as `JSON.stringify` has it. */
const jsonNumber = (value: number) => (Number.isFinite(value) ? String(value) : "null");

/**
 * The time as ISO 8601 in UTC, the date and time to the second made once a second: building it
 * from a `Date` every line was the most expensive part of a request line after its redaction.
 */
let isoSecond = -1;
let isoPrefix = "";
export function isoNow(now = Date.now()): string {
  const second = Math.floor(now / 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    isoPrefix = new Date(second * 1000).toISOString().slice(0, 20);
  }
  return `${isoPrefix}${String(now - second * 1000).padStart(3, "0")}Z`;
}

/**
 * Where lines go unless told: standard output, written asynchronously and in batches. A
 * synchronous write blocks the event loop until the pipe or file takes the line, once per
 * request, and one write a line was the largest part of what the request line cost (README,
 * "No regression"). Lines leave once 4 KiB have gathered, else at the next tick of a
 * `LOG_FLUSH_MS` interval, and what is still buffered is flushed when the process exits. A
 * process killed outright, or one that runs out of heap (V8 aborts without an exit), loses what
 * was buffered: the last interval's lines, while the reader keeps up with the pipe.
 */
export const LOG_FLUSH_MS = 100;
let stdout: ReturnType<typeof pino.destination> | undefined;
function standardOutput() {
  // One stream for every logger of the process, so lines never interleave mid-write.
  stdout ??= pino.destination({
    dest: 1,
    sync: false,
    minLength: 4096,
    periodicFlush: LOG_FLUSH_MS,
  });
  return stdout;
}

/**
 * Structured JSON lines through pino. pino's own `redact` works by path, so every line first
 * passes the value-based redactor above: a key is removed wherever it appears. `write` is
 * injectable so tests can read what was logged.
 */
export function createLogger(
  name: string,
  level: LogLevel = "info",
  write?: (line: string) => void,
): Logger {
  // Where both kinds of line go; a test's `write` gets each without its line break.
  const destination = write ? { write: (line: string) => write(line.trimEnd()) } : standardOutput();
  const logger = pino(
    {
      level,
      base: { logger: name },
      timestamp: () => `,"time":"${isoNow()}"`,
      formatters: { level: (label) => ({ level: label }) },
      // The trace a line belongs to, so one slow request can be followed across both programs.
      mixin: traceFields,
    },
    destination,
  );
  const base = `,"logger":${JSON.stringify(name)}`;
  // The same shape as pino's lines: level, time, logger, trace, the fields, then the message.
  const request = (line: RequestLine) => {
    if (!logger.isLevelEnabled("info")) return;
    let text = `{"level":"info","time":"${isoNow()}"${base},"traceId":${JSON.stringify(line.traceId)},"spanId":${JSON.stringify(line.spanId)},"requestId":${JSON.stringify(line.requestId)},"operationId":${JSON.stringify(line.operationId)},"method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)}`;
    if (line.clientId !== undefined) text += `,"clientId":${JSON.stringify(line.clientId)}`;
    if (line.status !== undefined) text += `,"status":${jsonNumber(line.status)}`;
    if (line.error !== undefined) text += `,"error":${JSON.stringify(line.error)}`;
    text += `,"durationMs":${jsonNumber(line.durationMs)},"msg":"request"}`;
    destination.write(`${text}\n`);
  };
  // A line below the level is dropped before it is redacted: the service's request line is
  // written for every call, and walking its fields costs even when nothing is printed.
  const emit =
    (lvl: LogLevel) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (logger.isLevelEnabled(lvl)) logger[lvl](redact(fields) as object, redactText(msg));
    };
  return {
    debug: emit("debug"),
    info: emit("info"),
    warn: emit("warn"),
    error: emit("error"),
    request,
    setLevel: (level) => {
      logger.level = level;
    },
  };
}
