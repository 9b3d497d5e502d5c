import "server-only";
import { createLogger, type Logger } from "./redact";

let logger: Logger | undefined;

/** The console's structured logger; every line passes the key redactor. */
export function consoleLog(): Logger {
  logger ??= createLogger(
    "console",
    (process.env.LOG_LEVEL as "debug" | "info" | "warn" | "error" | undefined) ?? "info",
  );
  return logger;
}
