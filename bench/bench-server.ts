/**
 * Child process of the benchmark: the reference service (fresh embedded PostgreSQL, demo data)
 * and a bare node:http server, on the same machine. Sends its addresses and keys to its parent.
 */
import { createServer } from "node:http";
import { type AddressInfo } from "node:net";
import { inArray } from "drizzle-orm";
import { createLogger } from "@/lib/log/logger";
import { schema } from "@/service/db/database";
import { type BenchServerInfo } from "./bench-server-process";
import { startBenchService } from "./bench-service";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);

async function main() {
  // As shipped: a JSON line per request at `info`, to standard output (the parent reads it
  // away, as a log collector would). The parent changes the level for the comparison.
  const log = createLogger("service", "info");
  process.on("message", (message: { logLevel?: "info" | "warn" }) => {
    if (message.logLevel) log.setLevel(message.logLevel);
  });
  const bench = await startBenchService("bench", log);
  const { service } = bench;
  const admin = bench.key("master-admin");
  // One Client per connection: the service allows one active request per Client by design.
  const keys: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const res = await fetch(`${service.url}/client/users`, {
      method: "POST",
      headers: { "X-Api-Key": admin, "Content-Type": "application/json" },
      body: JSON.stringify({ name: `Bench client ${i}` }),
    });
    const body = (await res.json()) as { id: string; apiKey: { key: string } };
    ids.push(body.id);
    keys.push(body.apiKey.key);
  }
  // A provider credit posting, so every billable call is charged to a real balance.
  await service.database.db
    .update(schema.clients)
    .set({ balanceMinor: 1_000_000_000 })
    .where(inArray(schema.clients.id, ids));

  const bare = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ status: "ok", service: "bare-node-http" }));
  });
  await new Promise<void>((r) => bare.listen(0, "127.0.0.1", r));
  const info: BenchServerInfo = {
    serviceUrl: service.url,
    bareUrl: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`,
    keys,
    masterKey: admin,
    databaseUrl: bench.databaseUrl,
    payers: ids,
    pid: process.pid,
  };
  process.send!(info);

  const stop = async () => {
    bare.close();
    await bench.stop();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

void main();
