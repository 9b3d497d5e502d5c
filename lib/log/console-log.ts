import "server-only";
import { consoleConfig } from "@/lib/config/console-env";
import { createLogger, type Logger } from "./logger";

let logger: Logger | undefined;

/** The console's structured logger; every line passes the key redactor. */
export function consoleLog(): Logger {
  logger ??= createLogger("console", consoleConfig().LOG_LEVEL);
  return logger;
}
