/**
 * Starts a second instance of the end-to-end run's first console, as `npm start` starts an
 * instance that is given a service and a console store instead of embedding them: the first
 * console's store (found in its data directory once it runs) and its session secret, so a
 * cookie one instance sealed is read by the other.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { embeddedDatabaseUrl } from "@/lib/db/postgres-server";

const first = path.resolve(process.argv[2] ?? ".data/e2e");
process.env.CONSOLE_DATABASE_URL = embeddedDatabaseUrl(first, "console");
process.env.SESSION_SECRET = readFileSync(path.join(first, "session-secret"), "utf8").trim();
await import("../../scripts/start");
