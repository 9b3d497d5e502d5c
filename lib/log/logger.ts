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
  /** Changes the level from now on (a benchmark compares the same process at two levels). */
  setLevel(level: LogLevel): void;
}

/**
 * Where lines go unless told: standard output, written asynchronously. A synchronous write
 * blocks the event loop until the pipe or file takes the line, once per request; here lines
 * that arrive while a write is under way leave together in the next one, and what is still
 * buffered is flushed when the process exits.
 */
let stdout: ReturnType<typeof pino.destination> | undefined;
function standardOutput() {
  // One stream for every logger of the process, so lines never interleave mid-write.
  stdout ??= pino.destination({ dest: 1, sync: false });
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
  const logger = pino(
    {
      level,
      base: { logger: name },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // The trace a line belongs to, so one slow request can be followed across both programs.
      mixin: traceFields,
    },
    write ? { write: (line: string) => write(line.trimEnd()) } : standardOutput(),
  );
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
    setLevel: (level) => {
      logger.level = level;
    },
  };
}
